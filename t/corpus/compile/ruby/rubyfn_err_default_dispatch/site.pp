$x = greet('a', 'b', 'c')
