

notify { 'x': message => m::typed() }
