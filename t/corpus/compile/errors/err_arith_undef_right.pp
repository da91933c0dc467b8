$x = 1 + undef
