notice(strftime(Timestamp('2021-01-01'), '%Y', 'Mars'))
