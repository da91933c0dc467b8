$x = delete(1, 1)
