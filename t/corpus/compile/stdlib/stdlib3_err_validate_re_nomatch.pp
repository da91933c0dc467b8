validate_re('abc', '^b')
