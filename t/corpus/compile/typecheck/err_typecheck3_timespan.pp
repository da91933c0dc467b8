assert_type(Timespan, 3)
