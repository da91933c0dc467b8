notice(Timespan('12', '%L'))
