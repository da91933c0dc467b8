$x = concat('a', 'b')
