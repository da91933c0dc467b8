notify { 'n': message => template() }
