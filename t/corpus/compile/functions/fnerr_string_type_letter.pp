# type_letter
$x = String(Integer, '%d')
notify { "x": message => $x }
