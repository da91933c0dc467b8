validate_slength('a', 0)
