$x = 4
$x % 3
notify { 'a': }
