$x = bool2str(true, 1, 2)
