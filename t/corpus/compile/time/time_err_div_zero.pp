notice(Timespan(1) / 0)
