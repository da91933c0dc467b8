ensure_resources('notify', 'a')
