# incomplete
$x = String(1, "%d\n100%")
notify { "x": message => $x }
