ensure_resource('notify')
