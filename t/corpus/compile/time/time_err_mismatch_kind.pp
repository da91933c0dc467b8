assert_type(Timespan, Timestamp(0))
