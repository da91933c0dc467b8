$x = 'a'
$y = $x =~ Init[Enum[a, b]]
