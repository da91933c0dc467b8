# undef_letter
$x = String(undef, '%t')
notify { "x": message => $x }
