type Point = Object[{attributes => {x => Integer, y => Integer}}]
$p = Point(1)
