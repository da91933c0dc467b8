# formats_string_keys
$x = String(1, { 'Integer' => '%x', 'Float' => '%f' })
notify { "x": message => $x }
