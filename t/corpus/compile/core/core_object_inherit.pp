# three levels of parents: attributes in declaration order, parents' first
type Base = Object[{ attributes => { id => Integer } }]
type Mid = Object[{ parent => Base, attributes => { label => { type => String, value => 'm' } } }]
type Leaf = Object[{ parent => Mid, attributes => { extra => Optional[Integer] } }]
$l = Leaf(1, 'x', 3)
$m = Leaf({ id => 2 })
notify { 'l': message => [$l, $m, $l.id, $l.label, $m.label, $l.extra, $m.extra] }
notify { 'isa': message => [$l =~ Base, $l =~ Mid, $l =~ Leaf, Base(1) =~ Leaf, Mid(1) =~ Base, $l =~ Object, Leaf =~ Type[Object]] }
notify { 'types': message => [Leaf, Mid] }
