validate_numeric(1, 1, 5)
