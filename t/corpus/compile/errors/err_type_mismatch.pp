notify { 'a': message => 'a' + 1 }
