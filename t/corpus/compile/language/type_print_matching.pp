# which values match the types the err_typecheck3_* cases reject (=~ and
# case on types), printed with the types themselves
$checks = [
  [File['/tmp'], File], [File['/tmp'], Resource], [File['/tmp'], CatalogEntry], [Class['a'], Class],
  [File['/tmp'], Type[File]], [File['/tmp'], Type[Resource]], [File['/tmp'], Type[File['/tmp']]],
  [File['/tmp'], Type[File['/b']]], [Notify['x'], Type[Resource['file']]], [Class['a'], Type[Class]],
  [Class['a'], Type[Class['a']]], [Class['a'], Type[Class['b']]], [Class['a'], Type[CatalogEntry]],
  [Integer[1, 2], Type[Integer]], [Integer, Type[Numeric]], [String, Type[Data]], [String, Type[Integer]],
  [Integer, Type[Variant[String, Integer]]], [Type[String], Type[Type]], [Integer, Type[Optional[Integer]]],
  ['abc', Iterable[String]], [3, Iterable[Integer]], [3, Iterable[Integer[0, 1]]], [{ a => 1 }, Iterable[Tuple[String, Integer]]],
  [[1, 2], Iterable[String]], [{ a => 1 }, Iterable[String]], ['x', Iterable], [1.5, Iterable],
  [/a+/, Regexp[/a+/]], [/a+/, Regexp['a+']], [/b/, Regexp[/a+/]],
  [{}, Struct[{ NotUndef[a] => Optional[Integer] }]], [{ a => undef }, Struct[{ NotUndef[a] => Optional[Integer] }]],
  [{}, Struct[{ a => Optional[Integer] }]], [{ b => 'x' }, Struct[{ a => Integer, Optional[b] => String }]],
  [Sensitive('x'), Sensitive[String]], [Sensitive('x'), Sensitive[Integer]], [undef, NotUndef], ['x', NotUndef[String]],
  [default, Default], [1, ScalarData], [/r/, ScalarData], [/r/, Scalar],
]
$checks.each |$i, $c| {
  notify { "m${i}": message => "${c[1]}: ${c[0] =~ $c[1]}" }
}
