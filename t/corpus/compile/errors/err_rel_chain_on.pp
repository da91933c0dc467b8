notify { 'x': }
Notify['nope'] -> Notify['x']
