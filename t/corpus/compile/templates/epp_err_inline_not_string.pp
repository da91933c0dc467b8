notify { 'n': message => inline_epp(1) }
