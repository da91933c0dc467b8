notify { 'x': message => lookup('a') }
