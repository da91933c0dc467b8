notify { 'nest': message => m::outer(3) }
notify { 'direct': message => m::inner(1) }
