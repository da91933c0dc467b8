assert_type(Class, 'foo')
