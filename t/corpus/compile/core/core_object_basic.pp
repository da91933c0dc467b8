type Point = Object[{attributes => {x => Integer, y => {type => Integer, value => 0}}}]
$p = Point.new(1, 2)
$q = Point(3)
$r = Point({x => 5})
$s = Point.new({'x' => 7, 'y' => 8})
notify { 'p': message => "${p} ${q} ${r} ${s} ${p.x} ${q.y}" }
notify { 'eq': message => [$p == Point(1, 2), $p == $q, $p =~ Point, 1 =~ Point, $p =~ Object, Point =~ Type[Object]] }
notify { 'str': message => String($p) }
notify { 'val': message => $p }
notify { 'arr': message => [$p, {k => $q}] }
notify { 'type': message => Point }
notify { 'tstr': message => "${Point}" }
notify { 'tof': message => type($p) }
