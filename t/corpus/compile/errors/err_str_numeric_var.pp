notify { 'a': message => "${1.5}" }
