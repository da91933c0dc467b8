# percent_percent
$x = String(1, '%%d')
notify { "x": message => $x }
