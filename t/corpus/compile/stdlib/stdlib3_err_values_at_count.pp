notify { 'x': message => values_at([1]) }
