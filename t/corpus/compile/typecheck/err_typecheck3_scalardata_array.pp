assert_type(Array[ScalarData], [1, undef])
