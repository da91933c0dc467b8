validate_slength('a', undef)
