validate_slength(['abc', 'abcdef'], 4)
