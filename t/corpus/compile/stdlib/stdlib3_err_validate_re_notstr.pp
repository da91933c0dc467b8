validate_re(1, 'a')
