type Point = Object[{attributes => {x => Integer}}]
$a = annotate(Point, Point(1))
