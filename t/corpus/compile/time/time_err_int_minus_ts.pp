notice(1 - Timestamp('2021-01-01'))
