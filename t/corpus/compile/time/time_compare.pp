# Comparing Timestamps and Timespans with each other and with numbers
# (as Ruby's Numeric does: an Integer sees whole seconds)
$t = Timestamp('2021-01-01T00:00:00 UTC')
$h = Timespan(1.5)
notify { 'equal':
  message => [$h == 1, $h == 1.5, 1 == $h, 1.5 == $h, $h == Timespan(1.5), $h == Timespan(1), $h != 2, $h == '1.5',
    $t == Timestamp('2021-01-01'), $t == 1609459200, $t == 1609459200.0, $t != $t + 1, Timespan(0) == Timestamp(0),
    Timespan(-0.5) == -1, Timespan(-0.5) == 0, [$h] == [1.5], { a => $t } == { a => Timestamp('2021-01-01') }],
}
notify { 'order':
  message => [$h < 2, $h > 1, $h >= 1, $h < 1.6, 2 > $h, 1 < $h, 1.4 < $h, $h <= 1.5, Timespan(1) < Timespan(2),
    Timespan(-1) < Timespan(0), $t > 1609459199.5, $t < Timestamp('2021-01-02'), $t >= $t, Timestamp(-1) < Timestamp(0),
    1609459201 > $t],
}
$kind = $h ? {
  Timespan[2] => 'long',
  Timespan[1] => 'medium',
  default     => 'short',
}
case $t {
  Timestamp['2022-01-01']: { $era = 'late' }
  Timestamp['2020-01-01', '2021-12-31']: { $era = 'now' }
  default: { $era = 'early' }
}
notify { 'select': message => [$kind, $era, $h in [1, 2], Timespan(2) in [1, 2], $t in [Timestamp('2021-01-01')]] }
notify { 'functions':
  message => [compare($h, 1), compare($h, 2), compare(1, $h), compare(2, $h), compare($h, Timespan(1.5)), compare($h, 1.5),
    compare($t, Timestamp('2020-01-01')), compare(1609459200, $t), compare(1609459200.5, $t),
    sort([Timespan(3), Timespan(-1), $h]), sort([$t, Timestamp('2020-01-01'), Timestamp(0)]),
    [Timespan(2), $h].sort |$a, $b| { compare($a, $b) }],
}
