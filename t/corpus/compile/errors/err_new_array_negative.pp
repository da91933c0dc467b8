notify { 'a': message => Array(-2) }
