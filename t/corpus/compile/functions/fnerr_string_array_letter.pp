# array_letter
$x = String([1, 2], '%h')
notify { "x": message => $x }
