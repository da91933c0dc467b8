notify { 'i_int': message => is_a(1, Integer) }
notify { 'i_method': message => 'x'.is_a(Integer) }
notify { 'i_tuple': message => is_a([1, 'a'], Array[Variant[Integer, String]]) }
notify { 'i_range': message => is_a(5, Integer[1, 3]) }
notify { 'i_optional': message => is_a(undef, Optional[String]) }
notify { 'i_hash': message => is_a({'a' => 1}, Hash[String, Integer]) }
notify { 'i_enum': message => is_a('b', Enum['a', 'b']) }
