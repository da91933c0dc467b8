$x = parsejson('bad', false)
