$x = is_a(1, 'Integer')
