validate_integer(undef)
