# Timestamp() is now: later than a fixed past moment, earlier than a far
# future one, and now minus now is a small Timespan
$now = Timestamp()
$span = Timestamp() - $now
notify { 'now':
  message => [$now > Timestamp('2020-01-01'), $now < Timestamp('2200-01-01'), $now =~ Timestamp['2020-01-01', default],
    Timestamp.new() > Timestamp(1577836800), $span >= Timespan(0), $span < Timespan(60), $span =~ Timespan,
    Integer(Timestamp().strftime('%s')) > 1577836800, Integer(strftime('%Y')) >= 2020],
}
