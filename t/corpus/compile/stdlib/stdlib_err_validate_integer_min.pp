validate_integer(0, 10, 1)
