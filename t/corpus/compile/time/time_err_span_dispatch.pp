notice(Timespan(true))
