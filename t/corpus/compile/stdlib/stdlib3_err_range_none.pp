notify { 'x': message => range() }
