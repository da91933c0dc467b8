type Point = Object[{attributes => {x => Integer}}]
$p = Point({x => 'a'})
