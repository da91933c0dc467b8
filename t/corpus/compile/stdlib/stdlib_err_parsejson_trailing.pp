$x = parsejson('[1] x')
