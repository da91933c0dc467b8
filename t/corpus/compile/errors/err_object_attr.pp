type Point = Object[{attributes => {x => Integer}}]
$p = Point(1)
notice($p.z)
