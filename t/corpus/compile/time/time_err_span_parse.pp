notice(Timespan('garbage'))
