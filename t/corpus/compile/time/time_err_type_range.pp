notice(Timespan[2, 1])
