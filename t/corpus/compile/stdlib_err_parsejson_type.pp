$x = parsejson(5)
