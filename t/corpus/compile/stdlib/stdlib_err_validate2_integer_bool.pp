validate_integer(true)
