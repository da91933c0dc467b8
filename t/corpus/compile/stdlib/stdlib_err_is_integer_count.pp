is_integer()
