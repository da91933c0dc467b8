notify { 'n': message => epp(1) }
