$x = parsejson('{"a":[1,{"b":}, 2]}')
