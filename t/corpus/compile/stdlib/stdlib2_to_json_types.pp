# types print as Puppet's TypeFormatter writes them, keys that are not strings by their to_s
notify { 'to_json [undef, 1]': message => to_json([undef, 1]) }
notify { 'to_json {"a" => undef}': message => to_json({"a" => undef}) }
notify { 'to_json {1 => "a"}': message => to_json({1 => "a"}) }
notify { 'to_json {true => 1}': message => to_json({true => 1}) }
notify { 'to_json {[1,2] => "x"}': message => to_json({[1,2] => "x"}) }
notify { 'to_json {undef => 1}': message => to_json({undef => 1}) }
notify { 'to_json {1.5 => 2}': message => to_json({1.5 => 2}) }
notify { 'to_json [default]': message => to_json([default]) }
notify { 'to_json {default => 1}': message => to_json({default => 1}) }
notify { 'to_json [/ab+c/]': message => to_json([/ab+c/]) }
notify { 'to_json {"r" => /x\\/y/}': message => to_json({"r" => /x\/y/}) }
notify { 'to_json [String, String]': message => to_json([String, String]) }
notify { 'to_json [Integer[1,2], Integer[1,2]]': message => to_json([Integer[1,2], Integer[1,2]]) }
notify { 'to_json [Notify[\'x\'], Notify[\'x\']]': message => to_json([Notify['x'], Notify['x']]) }
notify { 'to_json [Optional[String], String]': message => to_json([Optional[String], String]) }
notify { 'to_json {\'a\' => Integer, \'b\' => Float}': message => to_json({'a' => Integer, 'b' => Float}) }
notify { 'to_json [Boolean, Boolean[true]]': message => to_json([Boolean, Boolean[true]]) }
notify { 'to_json Array': message => to_json(Array) }
notify { 'to_json Array[String]': message => to_json(Array[String]) }
notify { 'to_json Hash[String, Integer]': message => to_json(Hash[String, Integer]) }
notify { 'to_json Enum[\'a\', \'b\']': message => to_json(Enum['a', 'b']) }
notify { 'to_json Pattern[/a/, \'b\']': message => to_json(Pattern[/a/, 'b']) }
notify { 'to_json Variant[String, Integer]': message => to_json(Variant[String, Integer]) }
notify { 'to_json Struct[{\'a\' => String, Optional[\'b\'] => Integer}]': message => to_json(Struct[{'a' => String, Optional['b'] => Integer}]) }
notify { 'to_json Tuple[String, Integer]': message => to_json(Tuple[String, Integer]) }
notify { 'to_json Float[1.5]': message => to_json(Float[1.5]) }
notify { 'to_json String[1]': message => to_json(String[1]) }
notify { 'to_json String[1, 10]': message => to_json(String[1, 10]) }
notify { 'to_json Regexp[/a/]': message => to_json(Regexp[/a/]) }
notify { 'to_json Type[String]': message => to_json(Type[String]) }
notify { 'to_json Numeric': message => to_json(Numeric) }
notify { 'to_json Scalar': message => to_json(Scalar) }
notify { 'to_json Any': message => to_json(Any) }
notify { 'to_json Default': message => to_json(Default) }
notify { 'to_json Callable': message => to_json(Callable) }
notify { 'to_json NotUndef[String]': message => to_json(NotUndef[String]) }
notify { 'to_json Collection': message => to_json(Collection) }
notify { 'to_json Sensitive[String]': message => to_json(Sensitive[String]) }
notify { 'to_json Class': message => to_json(Class) }
notify { 'to_json Resource': message => to_json(Resource) }
notify { 'to_json Iterable': message => to_json(Iterable) }
notify { 'to_json Hash': message => to_json(Hash) }
notify { 'to_json Tuple': message => to_json(Tuple) }
notify { 'to_json Integer[default, 5]': message => to_json(Integer[default, 5]) }
notify { 'to_json Type': message => to_json(Type) }
notify { 'to_json Optional': message => to_json(Optional) }
notify { 'to_json Variant': message => to_json(Variant) }
notify { 'to_json [Notify, Notify]': message => to_json([Notify, Notify]) }
notify { 'to_json [Class, Class]': message => to_json([Class, Class]) }
notify { 'to_json [Resource, Resource]': message => to_json([Resource, Resource]) }
notify { 'to_json [Integer, Integer]': message => to_json([Integer, Integer]) }
notify { 'to_json [Any, Array]': message => to_json([Any, Array]) }
notify { 'to_json [Array, Array]': message => to_json([Array, Array]) }
notify { 'to_json Float[1]': message => to_json(Float[1]) }
notify { 'to_json Float[1, 2.5]': message => to_json(Float[1, 2.5]) }
notify { 'to_json Regexp': message => to_json(Regexp) }
notify { 'to_json Pattern': message => to_json(Pattern) }
notify { 'to_json Enum': message => to_json(Enum) }
notify { 'to_json Struct': message => to_json(Struct) }
notify { 'to_json Array[String, 1]': message => to_json(Array[String, 1]) }
notify { 'to_json Array[String, 1, 3]': message => to_json(Array[String, 1, 3]) }
notify { 'to_json Hash[String, Integer, 2]': message => to_json(Hash[String, Integer, 2]) }
notify { 'to_json Tuple[String, 1, 2]': message => to_json(Tuple[String, 1, 2]) }
notify { 'to_json Callable[String, Integer]': message => to_json(Callable[String, Integer]) }
notify { 'to_json Callable[[String], Integer]': message => to_json(Callable[[String], Integer]) }
notify { 'to_json Integer[1]': message => to_json(Integer[1]) }
notify { 'to_json Boolean[false]': message => to_json(Boolean[false]) }
notify { 'to_json Optional[Integer[1,2]]': message => to_json(Optional[Integer[1,2]]) }
notify { 'to_json Enum[\'a\', true]': message => to_json(Enum['a', true]) }
notify { 'to_json Class[\'Foo::Bar\']': message => to_json(Class['Foo::Bar']) }
notify { 'to_json Sensitive': message => to_json(Sensitive) }
notify { 'to_json Timespan': message => to_json(Timespan) }
notify { 'to_json Sensitive(\'s\')': message => to_json(Sensitive('s')) }
notify { 'to_json [Sensitive(\'s\')]': message => to_json([Sensitive('s')]) }
notify { 'to_json Notify[\'x\']': message => to_json(Notify['x']) }
notify { 'to_json Class[\'foo\']': message => to_json(Class['foo']) }
notify { 'to_json Data': message => to_json(Data) }
notify { 'to_json Integer[1, default]': message => to_json(Integer[1, default]) }
notify { 'to_json Float[default, 2]': message => to_json(Float[default, 2]) }
notify { 'to_json Array[String, 1, default]': message => to_json(Array[String, 1, default]) }
notify { 'to_json Hash[String, Integer, 1, 3]': message => to_json(Hash[String, Integer, 1, 3]) }
notify { 'to_json Callable[1,1]': message => to_json(Callable[1,1]) }
notify { 'to_json Struct[{NotUndef[\'c\'] => Integer, Optional[\'d\'] => String}]': message => to_json(Struct[{NotUndef['c'] => Integer, Optional['d'] => String}]) }
notify { 'to_json Resource[\'notify\',\'x\']': message => to_json(Resource['notify','x']) }
notify { 'to_json Optional[\'b\']': message => to_json(Optional['b']) }
notify { 'to_json Enum["it\'s"]': message => to_json(Enum["it's"]) }
notify { 'to_json Notify["it\'s"]': message => to_json(Notify["it's"]) }
notify { 'to_json String[1, default]': message => to_json(String[1, default]) }
notify { 'to_json Integer[default, default]': message => to_json(Integer[default, default]) }
notify { 'to_json Variant[Integer[1,2], Float]': message => to_json(Variant[Integer[1,2], Float]) }
notify { 'to_json {Integer => [String]}': message => to_json({Integer => [String]}) }
notify { 'to_json [Optional[Integer[1]], default, undef]': message => to_json([Optional[Integer[1]], default, undef]) }
notify { 'to_json {Notify[\'x\'] => 1, Class[\'a\'] => 2, Integer[1,2] => 3}': message => to_json({Notify['x'] => 1, Class['a'] => 2, Integer[1,2] => 3}) }
