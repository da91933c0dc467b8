notify { 'x': message => basename('a', 'b', 'c') }
