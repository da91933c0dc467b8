notify { 'x': message => range(1, 5, 0) }
