$x = atleast(1)
