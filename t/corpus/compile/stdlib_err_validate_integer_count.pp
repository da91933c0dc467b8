validate_integer()
