notify { 'n': message => epp() }
