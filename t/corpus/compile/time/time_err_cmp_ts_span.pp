notice(Timestamp('2021-01-01') < Timespan(1))
