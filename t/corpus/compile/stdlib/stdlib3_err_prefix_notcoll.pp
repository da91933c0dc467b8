notify { 'x': message => prefix('abc', 'p') }
