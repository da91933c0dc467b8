assert_type(NotUndef[String], 1)
