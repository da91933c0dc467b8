assert_type(Struct[{a => Integer, Optional[b] => String}], {a => 1, b => 2})
