notify { 'a': message => Array(1.5) }
