validate_integer([1, 20], 10)
