validate_numeric(0.5, 10, 1)
