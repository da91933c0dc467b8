# Data types as parameter values: "a String-Type value"; aliases are
# TypeAlias-Type, Object types Object-Type; the string is TypeFormatter's
type MyAlias = Integer[1]
type MyObj = Object[{attributes => {a => Integer}}]
type MyTS = TypeSet[{pcore_version => '1.0.0', types => {A => Integer}}]
notify { 'one': message => String[1] }
notify { 'alias': message => MyAlias }
notify { 'obj': message => MyObj }
notify { 'objv': message => MyObj(1) }
notify { 'ts': message => MyTS }
notify { 'types': message => [Error, Deferred, URI, Sensitive[String], Init[String], Data, Object, TypeSet, Undef, Default, Any, Runtime['ruby','X'], Iterable, Scalar, ScalarData, RichData, Timestamp['2020-01-01'], SemVer, Boolean, Numeric, Pattern[/a/], Regexp, Regexp[/a/], Hash, Array[Integer], Tuple[Integer], Collection, Binary, Iterator, Timespan, Float[1.0], SemVerRange, NotUndef[String], Callable] }
notify { 'more': message => [Type[File], Enum['a','b'], Optional[String], Type, Callable[1], Struct[{a => Integer}], Variant[Integer, String], NotUndef, Integer[1,2], RichDataKey] }
