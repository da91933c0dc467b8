include ''
