# a TypeError of the old function is not a rejection: it is the error
validate_legacy(String, 'validate_re', 'abc', 42)
