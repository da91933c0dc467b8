# string_letter
$x = String('abc', '%x')
notify { "x": message => $x }
