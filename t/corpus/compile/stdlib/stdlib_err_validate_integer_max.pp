validate_integer(11, 10)
