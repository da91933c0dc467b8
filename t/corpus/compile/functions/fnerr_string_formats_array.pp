# formats_array
$x = String(1, ['%d'])
notify { "x": message => $x }
