validate_integer(1, 1, 5)
