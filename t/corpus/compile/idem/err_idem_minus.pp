$x = 1
$x - 1
notify { 'a': }
