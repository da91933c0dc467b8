assert_type(Timestamp['2021-01-01', '2021-12-31'], Timestamp('2022-01-01'))
