assert_type(Struct[{NotUndef[a] => Optional[Integer]}], {})
