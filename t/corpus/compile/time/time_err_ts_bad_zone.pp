notice(Timestamp('2021-01-01', '%F', 'Mars'))
