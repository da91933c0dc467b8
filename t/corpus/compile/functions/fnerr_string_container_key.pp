# container_key
$x = String([1], { Array => { format => '%a', foo => 1 } })
notify { "x": message => $x }
