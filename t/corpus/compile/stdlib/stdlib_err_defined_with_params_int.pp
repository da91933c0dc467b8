$x = defined_with_params(1)
