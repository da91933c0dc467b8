$x = 1
$x == 2
notify { 'a': }
