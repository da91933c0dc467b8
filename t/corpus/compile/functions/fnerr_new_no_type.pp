notice(new('x', 1))
