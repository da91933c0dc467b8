notify { 'w': message => m::wrapped('x') }
