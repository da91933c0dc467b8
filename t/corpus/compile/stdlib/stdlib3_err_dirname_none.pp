notify { 'x': message => dirname() }
