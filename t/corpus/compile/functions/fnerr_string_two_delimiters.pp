# two_delimiters
$x = String([1], '%[(a')
notify { "x": message => $x }
