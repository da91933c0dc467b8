validate_slength('a')
