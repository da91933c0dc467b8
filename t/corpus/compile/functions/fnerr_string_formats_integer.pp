# formats_integer
$x = String(1, 3)
notify { "x": message => $x }
