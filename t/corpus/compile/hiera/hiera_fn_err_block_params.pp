notify { 'x': message => hiera('a') |$a, $b| { 1 } }
