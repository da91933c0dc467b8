notify { 'x': message => str2bool(1) }
