validate_hash({}, [1, 'a'])
