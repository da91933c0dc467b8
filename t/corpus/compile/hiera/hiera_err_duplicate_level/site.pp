notify { 'x': message => lookup('x') }
