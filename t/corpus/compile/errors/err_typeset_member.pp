type MyTypes = TypeSet[{
  pcore_version => '1.0.0',
  version => '1.0.0',
  types => {
    Point => Object[{ attributes => { x => Integer, y => { type => Integer, value => 0 } } }],
    Line => Object[{ attributes => { from => Point, to => Point } }],
  },
}]
$p = MyTypes::Point(1)
