notify { 'x': message => shell_join('a b') }
