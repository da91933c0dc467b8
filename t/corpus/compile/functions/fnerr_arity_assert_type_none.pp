notice(assert_type())
