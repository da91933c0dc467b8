assert_type(Class['foo'], Class['bar'])
