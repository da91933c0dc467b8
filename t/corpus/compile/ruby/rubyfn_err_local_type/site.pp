notify { 'x': message => m::port('db', 70000) }
