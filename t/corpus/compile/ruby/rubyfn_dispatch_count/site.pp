notify { '0': message => m::arity() }
notify { '1': message => m::arity(1) }
notify { '2': message => m::arity(1, 2) }
notify { '4': message => m::arity(1, 2, 3, 4) }
