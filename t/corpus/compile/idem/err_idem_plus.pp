$x = 1
notify { 'a': }
$y = 2
$x + $y
notify { 'b': }
