$x = m::summ(1)
