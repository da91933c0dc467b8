notify { 'x': message => zip([1], [2], 'maybe') }
