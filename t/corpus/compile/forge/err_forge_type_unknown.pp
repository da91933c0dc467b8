$x = Nosuch::Thing
notice($x)
