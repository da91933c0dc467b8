notice(Timestamp[Timespan(1)])
