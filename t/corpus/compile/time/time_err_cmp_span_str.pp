notice(Timespan(1) < 'a')
