$t = 'a
b <%= 1 + %>'
notify { 'n': message => inline_epp($t) }
