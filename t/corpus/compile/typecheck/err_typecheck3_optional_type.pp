assert_type(Optional[Type[String]], Integer)
