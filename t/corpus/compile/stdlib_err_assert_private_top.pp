assert_private()
