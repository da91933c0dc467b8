$x = merge({}, 1)
