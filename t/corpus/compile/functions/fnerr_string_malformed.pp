# malformed
$x = String('a', '%[s')
notify { "x": message => $x }
