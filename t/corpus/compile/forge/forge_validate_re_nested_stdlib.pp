# validate_re flattens its patterns to any depth, as keystone's
# validate_legacy(..., 'validate_re', $ensure, [['^present$', '^absent$'], 'msg']) passes them
$ensure = 'absent'
validate_legacy(Enum['present', 'absent'], 'validate_re', $ensure,
  [['^present$', '^absent$'], 'Valid values for ensure parameter are present or absent'])
validate_re('b', [['^a$', ['^b$']], '^c$'])
validate_re('c', [['^a$', ['^b$']], '^c$'], 'no match')
notify { 'validated': message => $ensure }
