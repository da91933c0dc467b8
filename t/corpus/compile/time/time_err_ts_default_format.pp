notice(Timestamp('2021-03-04', default, 'UTC'))
