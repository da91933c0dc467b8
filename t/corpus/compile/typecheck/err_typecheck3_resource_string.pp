assert_type(File, 'file')
