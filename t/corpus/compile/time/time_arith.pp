# Arithmetic on Timestamp and Timespan, and with numbers (as seconds)
$t = Timestamp('2021-01-01T00:00:00 UTC')
$s = Timespan('0-01:00:00')
$h = Timespan(1.5)
notify { 'timestamp':
  message => [$t - Timestamp('2020-01-01'), Timestamp('2020-01-01') - $t, $t + $s, $s + $t, $t - $s, $t + 1, $t + 1.25,
    1 + $t, 2.5 + $t, $t - 60, $t - 0.001, $t + '10', $t - '1.5', $t + Timespan(-86400)],
}
notify { 'timespan':
  message => [$s + $h, $s - $h, $h - $s, $h + 1, 1 + $h, $h - 1, 3 - $h, '3' - $h, $h * 2, 2 * $h, $h * 0.5, 0.5 * $h,
    $h * -3, $s / 4, $s / 7, $h / 0.4, Timespan(-1) / 3, $s / $h, $h / $s, $h % 2, Timespan(125) % 60, Timespan(-1.5) % 60,
    -$h, -Timespan(-2), - - $h, $h + '0.5'],
}
notify { 'integers':
  message => [Integer($t), Integer($h), Integer(Timespan(-1.5)), Float($t), Float($h), Numeric($h), Numeric(Timestamp(-0.5)),
    Integer(Timestamp(1.999)), Float(Timespan(0.001))],
}
