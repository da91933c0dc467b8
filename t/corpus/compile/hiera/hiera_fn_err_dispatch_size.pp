notify { 'x': message => hiera(['a', 1, 2, 3]) }
