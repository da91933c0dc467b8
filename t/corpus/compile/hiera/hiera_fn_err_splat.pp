notify { 'x': message => hiera(['a', 'd']) }
