$x = fact()
