$x = m::size('a', 'b')
