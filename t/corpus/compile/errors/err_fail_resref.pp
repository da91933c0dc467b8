$r = File['/tmp']
fail($r, Class['foo'], 'x')
