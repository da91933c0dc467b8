notify { 'a': }
next(1)
