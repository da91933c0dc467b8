type Point = Object[{attributes => {x => Integer, y => Integer}}]
$p = Point('a', 2)
