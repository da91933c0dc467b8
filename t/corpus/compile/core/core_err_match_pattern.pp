$x = 'abc'.match(1)
