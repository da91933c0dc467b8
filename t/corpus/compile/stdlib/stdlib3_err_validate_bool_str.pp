validate_bool(true, 'true')
