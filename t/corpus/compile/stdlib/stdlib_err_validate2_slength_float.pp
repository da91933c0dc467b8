validate_slength('abcd', 3.9)
