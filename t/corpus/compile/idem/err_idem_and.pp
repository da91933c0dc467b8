$x = true
$x and false
notify { 'a': }
