notice(Timespan(1) << 1)
