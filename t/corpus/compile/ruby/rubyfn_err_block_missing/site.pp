notify { 'x': message => m::needs(1) }
