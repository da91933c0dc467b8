notify { 'x': message => str2bool() }
