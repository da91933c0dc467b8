validate_re('a')
