
$x = m::mapper([1, 2])
