validate_integer(1.5)
