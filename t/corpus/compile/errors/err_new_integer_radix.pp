notify { 'x': message => Integer('12', 3) }
