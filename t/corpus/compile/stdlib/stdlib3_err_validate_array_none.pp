validate_array()
