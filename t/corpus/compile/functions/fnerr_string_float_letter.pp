# float_letter
$x = String(1.5, '%c')
notify { "x": message => $x }
