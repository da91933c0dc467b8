notify { 'x': message => suffix() }
