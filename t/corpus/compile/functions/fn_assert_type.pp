$v = assert_type(Integer, 5)
notify { 'a': message => $v }
