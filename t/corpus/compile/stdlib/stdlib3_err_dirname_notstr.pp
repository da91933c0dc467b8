notify { 'x': message => dirname(1) }
