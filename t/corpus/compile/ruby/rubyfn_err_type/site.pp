notify { 'x': message => m::typed(42) }
