notify { 'a': message => Array(undef) }
