is_bool(true, false)
