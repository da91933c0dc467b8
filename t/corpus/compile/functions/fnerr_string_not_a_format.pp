# not_a_format
$x = String(1, 'x')
notify { "x": message => $x }
