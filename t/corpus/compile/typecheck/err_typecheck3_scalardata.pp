assert_type(ScalarData, /re/)
