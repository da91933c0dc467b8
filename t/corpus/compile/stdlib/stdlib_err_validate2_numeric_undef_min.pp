validate_numeric(1, 2, undef)
