assert_type(File['/a'], File['/b'])
