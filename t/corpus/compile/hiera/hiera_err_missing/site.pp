notify { 'x': message => lookup('no_such_key') }
