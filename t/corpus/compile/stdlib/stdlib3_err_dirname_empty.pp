notify { 'x': message => dirname('') }
