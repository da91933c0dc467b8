$x = true
$x or false
notify { 'a': }
