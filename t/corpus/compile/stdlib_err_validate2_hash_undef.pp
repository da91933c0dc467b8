validate_hash(undef)
