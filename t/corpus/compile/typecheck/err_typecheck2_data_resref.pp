assert_type(Array[Data], [1, File['/x']])
