type Point = Object[{attributes => {x => Integer}}]
$p = Point(1, 2)
