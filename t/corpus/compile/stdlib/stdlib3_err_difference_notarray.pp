notify { 'x': message => difference([1], undef) }
