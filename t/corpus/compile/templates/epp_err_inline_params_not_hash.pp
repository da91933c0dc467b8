notify { 'n': message => inline_epp('x', [1]) }
