notice(join([1], 2))
