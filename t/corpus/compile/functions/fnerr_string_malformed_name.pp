# malformed_name
$x = String('a', '%<s')
notify { "x": message => $x }
