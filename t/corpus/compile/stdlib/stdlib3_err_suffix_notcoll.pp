notify { 'x': message => suffix(undef, 'p') }
