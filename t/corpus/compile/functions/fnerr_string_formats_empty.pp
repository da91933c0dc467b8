# formats_empty
$x = String(1, '')
notify { "x": message => $x }
