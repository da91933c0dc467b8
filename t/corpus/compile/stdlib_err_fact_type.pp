$x = fact(1)
