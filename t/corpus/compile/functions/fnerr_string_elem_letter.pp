# elem_letter
$x = String([1], { Array => { format => '%a', string_formats => { Integer => '%k' } } })
notify { "x": message => $x }
