assert_type(Tuple[NotUndef[Optional[Integer]], Optional[NotUndef[String]]], ['x', 2])
