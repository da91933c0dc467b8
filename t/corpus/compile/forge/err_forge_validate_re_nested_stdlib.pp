# no pattern of a nested list matches: validate_re's own message
validate_re('d', [['^a$', ['^b$']], '^c$'], 'd is not a, b or c')
