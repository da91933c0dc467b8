notice(Timestamp('2021-01-01') + 'x')
