notify { 'x': }
Notify['x'] -> Notify['nope']
