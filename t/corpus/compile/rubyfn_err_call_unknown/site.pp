
$x = m::calls()
