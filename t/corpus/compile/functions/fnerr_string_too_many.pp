# too_many
$x = String(1, '%d', 'x')
notify { "x": message => $x }
