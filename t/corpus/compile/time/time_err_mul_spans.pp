notice(Timespan(1) * Timespan(2))
