$a = 1
notify { 'x': message => m::typed('a', {}, 3) }
