validate_slength('abcdef', 3)
