validate_string('a', 1)
