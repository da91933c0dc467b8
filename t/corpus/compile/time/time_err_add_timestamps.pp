notice(Timestamp('2021-01-01') + Timestamp('2021-01-01'))
