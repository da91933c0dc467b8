notify { 'x': message => hiera() }
