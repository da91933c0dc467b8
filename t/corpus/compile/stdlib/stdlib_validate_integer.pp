validate_integer(1)
validate_integer('2')
validate_integer([1, '2', 3])
validate_integer(5, 10)
validate_integer(5, 10, 1)
validate_integer(5, '', 1)
validate_integer('0x10')
validate_integer(-3, undef, -5)
notify { 'ok': }
