notify { 'x': message => lookup('text') }
