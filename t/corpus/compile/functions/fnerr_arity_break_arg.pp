[1].each |$x| { break(1) }
