notice(Timespan[Integer])
