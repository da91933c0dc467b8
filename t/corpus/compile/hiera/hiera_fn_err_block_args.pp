notify { 'x': message => hiera('a', 'd', 'o') |$k| { 1 } }
