assert_type(Sensitive[Variant[Integer[1, 3], Integer[4, 6]]], 7)
