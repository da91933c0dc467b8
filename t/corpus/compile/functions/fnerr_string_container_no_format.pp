# container_no_format
$x = String([1], { Array => { separator => '-' } })
notify { "x": message => $x }
