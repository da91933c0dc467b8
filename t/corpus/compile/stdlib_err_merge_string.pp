$x = merge({}, 'abc')
