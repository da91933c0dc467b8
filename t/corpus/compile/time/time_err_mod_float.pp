notice(Timespan(5) % 2.5)
