define d($v) { validate_legacy(Integer, 'validate_integer', $v) }
d { 'x': v => 'nope' }
