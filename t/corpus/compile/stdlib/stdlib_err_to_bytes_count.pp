to_bytes()
