validate_integer(1, undef, 2)
