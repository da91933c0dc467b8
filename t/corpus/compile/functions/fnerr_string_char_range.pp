# char_range
$x = String(-1, '%c')
notify { "x": message => $x }
