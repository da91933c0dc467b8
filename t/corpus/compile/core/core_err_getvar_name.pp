$x = getvar('Bad')
