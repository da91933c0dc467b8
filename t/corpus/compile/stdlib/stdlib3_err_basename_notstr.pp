notify { 'x': message => basename(['a']) }
