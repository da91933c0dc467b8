$v = assert_type(Integer, 'five')
