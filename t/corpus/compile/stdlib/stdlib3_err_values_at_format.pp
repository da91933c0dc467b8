notify { 'x': message => values_at([1, 2], 'a') }
