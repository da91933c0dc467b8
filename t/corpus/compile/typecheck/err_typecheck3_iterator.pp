assert_type(Iterator, [1, 2])
