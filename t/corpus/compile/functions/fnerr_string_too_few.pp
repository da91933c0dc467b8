# too_few
$x = String(1, "%d\n%d")
notify { "x": message => $x }
