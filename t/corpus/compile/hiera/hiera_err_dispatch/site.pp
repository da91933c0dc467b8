notify { 'x': message => lookup('x', undef, 'unique') }
