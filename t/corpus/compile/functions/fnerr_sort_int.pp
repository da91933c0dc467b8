notice(sort(1))
