# same_flag
$x = String(1, '%--d')
notify { "x": message => $x }
