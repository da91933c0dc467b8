notify { 'x': message => m::multi(-1) }
