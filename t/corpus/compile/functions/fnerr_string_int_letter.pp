# int_letter
$x = String(42, '%k')
notify { "x": message => $x }
