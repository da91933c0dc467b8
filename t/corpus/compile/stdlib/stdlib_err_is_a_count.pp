$x = is_a(1)
