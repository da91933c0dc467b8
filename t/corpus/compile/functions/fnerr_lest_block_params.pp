notice(lest(undef) |$x| { 1 })
