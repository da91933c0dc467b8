notice(filter(1.5) |$x| { true })
