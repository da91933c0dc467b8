validate_numeric(['1', 5], 3)
