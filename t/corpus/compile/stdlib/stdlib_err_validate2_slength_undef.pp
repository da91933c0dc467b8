validate_slength(undef, 3)
