$x = delete([1])
