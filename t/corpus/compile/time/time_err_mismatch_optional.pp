assert_type(Optional[Timespan[1]], Timespan(0))
