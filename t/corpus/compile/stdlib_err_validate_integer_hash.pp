validate_integer({})
