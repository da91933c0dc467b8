$x = parsejson('[NaN]')
