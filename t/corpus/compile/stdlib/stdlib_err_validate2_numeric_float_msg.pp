validate_numeric(2.5, 1.5)
