validate_slength(['abc', 'a'], 5, 2)
