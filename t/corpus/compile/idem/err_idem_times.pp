$x = 1
$x * 3
notify { 'a': }
