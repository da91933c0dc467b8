$x = m::sum()
