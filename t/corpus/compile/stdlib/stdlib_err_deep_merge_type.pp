$x = deep_merge({}, [1])
