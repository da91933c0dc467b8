$x = bool2str(true, 'a')
