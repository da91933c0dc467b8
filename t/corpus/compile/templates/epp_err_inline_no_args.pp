notify { 'n': message => inline_epp() }
