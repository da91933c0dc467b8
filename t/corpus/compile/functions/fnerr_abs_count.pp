notice(abs(1, 2))
