validate_integer('abc')
