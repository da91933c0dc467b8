validate_legacy(Hash, 42, {})
