notice(try_get_value())
