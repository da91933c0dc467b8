validate_re('a', 'b', 'custom message')
