$x = parsejson('{"a": }')
