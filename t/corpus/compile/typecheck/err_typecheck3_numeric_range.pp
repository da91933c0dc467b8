assert_type(Variant[Numeric, Boolean], 'x')
