assert_type(Hash, [1])
