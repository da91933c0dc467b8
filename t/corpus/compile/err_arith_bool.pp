$x = true + 1
