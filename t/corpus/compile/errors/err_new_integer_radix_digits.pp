notify { 'x': message => Integer('fg', 16) }
