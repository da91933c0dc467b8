validate_slength(['a', 1], 3)
