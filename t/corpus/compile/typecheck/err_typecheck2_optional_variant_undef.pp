assert_type(Optional[Variant[Integer[1, 3], Undef, Integer[4, 6]]], 7)
