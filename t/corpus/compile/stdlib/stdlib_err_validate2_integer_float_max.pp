validate_integer(1, 2.5)
