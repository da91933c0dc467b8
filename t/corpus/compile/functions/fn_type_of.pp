notify { 'a': message => type(5) }
notify { 'b': message => type('x', 'generalized') }
