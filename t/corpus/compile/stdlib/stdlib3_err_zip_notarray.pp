notify { 'x': message => zip([1], 'a') }
