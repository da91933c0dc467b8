$x = 1
"x is ${x}"
notify { 'a': }
