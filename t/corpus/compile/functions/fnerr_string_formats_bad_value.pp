# formats_bad_value
$x = String(1, { Integer => 3 })
notify { "x": message => $x }
