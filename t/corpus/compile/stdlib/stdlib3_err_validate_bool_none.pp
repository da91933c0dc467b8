validate_bool()
