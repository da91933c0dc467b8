$x = deep_merge({})
