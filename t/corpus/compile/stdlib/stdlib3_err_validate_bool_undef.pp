validate_bool(undef)
