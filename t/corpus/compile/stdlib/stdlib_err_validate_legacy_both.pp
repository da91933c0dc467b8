validate_legacy(Integer[0, 10], 'validate_integer', 11, 10)
