# nested_letter
$x = String({'a' => [1]}, { Array => '%h' })
notify { "x": message => $x }
