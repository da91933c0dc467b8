notify { 'x': message => union([1], 'a') }
