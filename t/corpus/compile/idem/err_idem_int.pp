$x = 1
42
notify { 'a': }
