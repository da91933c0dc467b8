notify { 'x': message => basename('a', 1) }
