notify { 'n': message => inline_epp("a\n<%- 'x' -%>\nb") }
