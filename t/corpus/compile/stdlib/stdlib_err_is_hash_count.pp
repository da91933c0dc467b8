is_hash({}, {})
