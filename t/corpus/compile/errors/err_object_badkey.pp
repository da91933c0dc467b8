type Point = Object[{attributes => {x => Integer}, bogus => 1}]
$p = Point(1)
