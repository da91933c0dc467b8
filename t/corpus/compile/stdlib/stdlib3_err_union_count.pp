notify { 'x': message => union([1]) }
