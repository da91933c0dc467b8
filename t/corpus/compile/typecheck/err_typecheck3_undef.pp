assert_type(Undef, 'x')
