ensure_resource('nosuchtype', 'a')
