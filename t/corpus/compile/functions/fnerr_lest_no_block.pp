notice(lest(1))
