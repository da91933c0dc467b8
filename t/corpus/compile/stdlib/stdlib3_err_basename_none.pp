notify { 'x': message => basename() }
