notify { 'x': message => shell_escape() }
