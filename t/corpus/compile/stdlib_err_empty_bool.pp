$x = empty(true)
