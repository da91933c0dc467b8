$x = 1
$x
notify { 'a': }
