notify { 'x': message => prefix() }
