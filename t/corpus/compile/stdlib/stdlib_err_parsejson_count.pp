$x = parsejson()
