$x = pick(undef, '')
