$x = call('nosuch', 1)
