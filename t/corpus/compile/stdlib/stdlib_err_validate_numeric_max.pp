validate_numeric(11, 10)
