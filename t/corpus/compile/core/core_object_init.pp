type Point = Object[{ attributes => { x => Integer, y => { type => Integer, value => 0 } } }]
type One = Object[{ attributes => { s => String } }]
notify { 'i': message => [
  {'x' => 1} =~ Init[Point], {'x' => 'a'} =~ Init[Point], [1] =~ Init[Point], [1, 2] =~ Init[Point],
  1 =~ Init[Point], 'a' =~ Init[Point], [1, 2, 3] =~ Init[Point], Point(1) =~ Init[Point],
  'a' =~ Init[One], ['a'] =~ Init[One], 1 =~ Init[One], {'s' => 'a'} =~ Init[One],
] }
