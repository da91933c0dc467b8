notify { 'x': message => prefix(['a'], 1) }
