notify { 'n': message => inline_template() }
