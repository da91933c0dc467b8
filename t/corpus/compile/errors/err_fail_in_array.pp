$x = [1, fail("in an array")]
