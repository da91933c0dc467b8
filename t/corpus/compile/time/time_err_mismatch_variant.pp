assert_type(Variant[Timespan[1, 2], Timespan[2, 3]], Timespan(5))
