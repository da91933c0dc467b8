$x = defined_with_params()
