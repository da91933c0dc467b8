notice(2 / Timespan(1))
