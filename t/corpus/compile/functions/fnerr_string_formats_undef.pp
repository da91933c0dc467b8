# formats_undef
$x = String(1, undef)
notify { "x": message => $x }
