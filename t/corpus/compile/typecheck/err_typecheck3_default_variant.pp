assert_type(Variant[Integer, Default], undef)
