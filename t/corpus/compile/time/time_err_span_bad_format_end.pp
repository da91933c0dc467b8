notice(Timespan('1', '%S%-'))
