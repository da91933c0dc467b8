notify { 'x': message => zip([1]) }
