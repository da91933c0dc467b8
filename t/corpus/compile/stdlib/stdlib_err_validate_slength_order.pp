validate_slength('a', 3, 5)
