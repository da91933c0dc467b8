assert_type(Iterable[String], [1, 2])
