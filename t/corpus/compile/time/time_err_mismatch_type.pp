assert_type(Type[Timespan[1]], Timespan)
