assert_type(Type[Variant[Integer, Float]], Type[String])
