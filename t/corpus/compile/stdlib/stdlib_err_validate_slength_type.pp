validate_slength(1, 3)
