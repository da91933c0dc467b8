notify { 'x': message => use_pair() }
