$x = 1
1 in [$x]
notify { 'a': }
