notice(Timespan('1', '%S %0-H'))
