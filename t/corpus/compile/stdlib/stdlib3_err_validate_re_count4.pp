validate_re('a', 'b', 'c', 'd')
