notify { 'x': message => dirname('a', 'b') }
