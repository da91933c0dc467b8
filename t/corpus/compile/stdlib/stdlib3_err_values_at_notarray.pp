notify { 'x': message => values_at('abc', 1) }
