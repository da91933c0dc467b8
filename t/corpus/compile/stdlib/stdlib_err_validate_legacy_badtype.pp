validate_legacy('Hash[', 'validate_hash', {})
