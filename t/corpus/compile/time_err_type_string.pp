notice(Timespan['x'])
