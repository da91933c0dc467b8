notify { 'a': message => m::f(1) }
