validate_integer([1, 'x'])
