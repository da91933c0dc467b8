notify { 'x': message => hiera(1, 2) }
