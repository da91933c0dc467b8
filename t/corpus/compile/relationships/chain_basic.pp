notify { 'd': }
notify { 'e': }
Notify['d'] -> Notify['e']
