$x = parsejson('["\\ud83d"]')
