type Base = Object[{ attributes => { id => Integer } }]
type Leaf = Object[{ parent => Base, attributes => { extra => String } }]
$l = Leaf('x')
