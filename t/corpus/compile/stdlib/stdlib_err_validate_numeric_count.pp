validate_numeric(1, 2, 3, 4)
