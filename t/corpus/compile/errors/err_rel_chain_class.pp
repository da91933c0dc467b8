notify { 'x': }
Notify['x'] -> Class['nope']
