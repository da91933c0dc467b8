notify { 'x': message => m::multi(1, 2, 3) }
