notice(Timespan(1, 2))
