# default_letter
$x = String(default, '%x')
notify { "x": message => $x }
