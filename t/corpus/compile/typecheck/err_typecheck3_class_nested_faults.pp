# a parameter may have several faults of its own; all are listed
class x(
  Struct[{a => Integer, b => String}] $s,
  Array[Integer] $l,
  Variant[Integer, Enum['a']] $v,
) {}
class { 'x':
  s => { a => 'one', b => 2, c => 3 },
  l => [1, 'two', 'three'],
  v => 'b',
}
