notify { "x": message => range(1, 10000001) }
