$x = has_key({})
