validate_hash()
