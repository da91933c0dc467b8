# Timestamps and Timespans are Ruby objects without eql?: equal (==) but
# distinct as hash keys and for unique(), unless they are the same value
$t = Timestamp('2021-01-01')
$h = Timespan(1.5)
$keys = { $t => 'same', Timestamp(1) => 'other' }
notify { 'identity':
  message => [unique([$h, Timespan(1.5), $h, $t]).length, $keys[$t], $keys[Timestamp(1)], $t == Timestamp('2021-01-01'),
    Timestamp(1) in $keys.keys, $h in [Timespan(1.5)], [$h] == [Timespan(1.5)], { a => $h } == { a => Timespan(1.5) }],
}
