$x = "a${fail("in a string")}b"
