notify { 'x': message => Integer('0x1f', 10) }
