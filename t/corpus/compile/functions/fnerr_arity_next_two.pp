[1].each |$x| { next(1, 2) }
