notify { 'x': message => intersection([1], [2], [3]) }
