$x = m::named()
