# container_nested
$x = String([1], { Array => { format => '%a', string_formats => { Integer => { format => '%d' } } } })
notify { "x": message => $x }
