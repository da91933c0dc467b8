validate_integer([{}])
