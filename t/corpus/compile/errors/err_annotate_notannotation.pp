type Point = Object[{attributes => {x => Integer}}]
$a = annotate(Point, 'value', {x => 1})
