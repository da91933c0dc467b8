# bool_letter
$x = String(true, '%c')
notify { "x": message => $x }
