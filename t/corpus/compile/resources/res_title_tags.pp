notify { 'Mixed Case Title': }
notify { 'lower_ok': }
notify { 'UPPER': }
notify { '/tmp/path': }
notify { 'has.dot': }
