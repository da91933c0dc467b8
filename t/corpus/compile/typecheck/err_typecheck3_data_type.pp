assert_type(Data, Integer)
