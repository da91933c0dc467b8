assert_type(Array[Timestamp], [Timestamp(1), 2])
