notify { '1': message => m::dflt('a') }
notify { '2': message => m::dflt('a', 1) }
notify { '4': message => m::dflt('a', 'b', 'c', [1]) }
