notify { 'x': message => pair('a') }
