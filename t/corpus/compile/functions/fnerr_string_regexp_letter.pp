# regexp_letter
$x = String(/x/, '%a')
notify { "x": message => $x }
