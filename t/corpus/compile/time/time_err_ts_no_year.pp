notice(Timestamp('10:30', '%H:%M'))
