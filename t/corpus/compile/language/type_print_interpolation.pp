# a type interpolated into a string prints as Puppet's TypeFormatter writes it
$types = [
  Integer, Integer[1], Integer[1, default], Integer[default, 5], Integer[1, 2], Integer[-3, -3],
  Float[1], Float[1.5, 2], Float[default, 3.0], Numeric, String[1], String[0, 5], String[default, 3], String[0],
  Enum[b, a], Enum['b', 'a', 'b'], Enum['a', 'B', true], Pattern[/a/, 'b'], Regexp, Regexp[/x+/], Regexp['y'],
  Variant[String, String], Variant[Integer, String], Variant[Integer, Variant[String, Integer]],
  Optional[String], Optional[Integer[1]], Optional['x'], NotUndef, NotUndef[String], NotUndef['x'],
  Array, Array[Any], Array[String], Array[String, 1], Array[String, 1, 3], Array[Any, 2], Array[0, 0], Array[String, 0, 0],
  Hash, Hash[String, Integer], Hash[String, Integer, 1], Hash[Any, Any], Hash[String, Any, 2, 3], Hash[0, 0],
  Tuple[String, Integer], Tuple[String, 1], Tuple[String, Integer, 1, 5],
  Struct[{a => Integer, Optional[b] => String, NotUndef[c] => Optional[String], d => Optional[Integer]}], Struct[{}],
  Collection, Collection[1], Collection[1, 2], Scalar, ScalarData, Data, RichData, RichDataKey, Any, Undef, Default,
  Boolean, Boolean[true], Type, Type[String], Type[Integer[1]], Sensitive, Sensitive[String], Sensitive[Any],
  Callable, Callable[String], Callable[1, 2], Iterable, Iterable[String], Iterator, Iterator[Integer],
  Resource, CatalogEntry, Runtime, SemVer, SemVerRange, Timespan, Timestamp, Binary, URI, Init, Init[String],
  Object, TypeSet, Error, Deferred, Optional, Variant, Enum, Pattern, Tuple, Struct,
]
$types.each |$i, $t| {
  notify { "t${i}": message => "${t}" }
}
