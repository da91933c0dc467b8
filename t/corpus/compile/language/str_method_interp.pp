$s = 'hello'
notify { 'a': message => "${s.upcase} ${[3, 1, 2].sort}" }
