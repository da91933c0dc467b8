validate_legacy(42, 'validate_integer', 11)
