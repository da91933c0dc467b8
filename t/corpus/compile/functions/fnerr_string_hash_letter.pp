# hash_letter
$x = String({'a' => 1}, '%d')
notify { "x": message => $x }
