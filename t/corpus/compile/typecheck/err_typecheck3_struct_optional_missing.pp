assert_type(Struct[{a => Integer, Optional[b] => String}], {b => 'x'})
