notify { 'x': message => range('') }
