notify { 'x': message => difference([1]) }
