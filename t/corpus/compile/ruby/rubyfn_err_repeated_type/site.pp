$x = m::sum(1, 2, 'three')
