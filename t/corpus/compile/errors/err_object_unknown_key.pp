type Point = Object[{attributes => {x => Integer}}]
$p = Point({x => 1, z => 2})
