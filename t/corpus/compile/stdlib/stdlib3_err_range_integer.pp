notify { 'x': message => range(5) }
