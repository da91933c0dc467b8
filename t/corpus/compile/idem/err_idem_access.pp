$x = [1, 2]
$x[1]
notify { 'a': }
