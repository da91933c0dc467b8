notice(compare(Timespan(1), Timestamp(1)))
