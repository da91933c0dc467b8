$x = 'abc'.convert_to(Integer)
