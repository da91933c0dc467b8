# The Timestamp and Timespan types: ranges, printing, type(), matching,
# assignability and how they sit among the other types
$t = Timestamp('2021-01-01T00:00:00 UTC')
$h = Timespan(1.5)
notify { 'print':
  message => [Timestamp, Timespan, Timespan[1, 2], Timespan[1], Timespan[default, 3], Timespan[1, default], Timespan[2, 2],
    Timespan[{ hours => 1 }, '2-00:00:00'], Timespan[undef, undef], Timestamp['2021-01-01', '2022-01-01'],
    Timestamp[1, 1.5], Timestamp[$t], Timespan[$h, Timespan(3)], Timestamp[{ string => '2021', format => '%Y' }],
    "${Timespan[1, 2]}", String(Timestamp[0])],
}
notify { 'infer':
  message => [type($t), type($h), type($t, generalized), type($h, reduced), type([$t, $h]), type({ a => $h }, generalized)],
}
notify { 'match':
  message => [$t =~ Timestamp, $h =~ Timespan, $t =~ Timespan, $h =~ Timestamp, $h =~ Timespan[1, 2], $h =~ Timespan[2],
    $h =~ Timespan[default, 1], $t =~ Timestamp['2020-01-01', '2022-01-01'], $t =~ Timestamp['2021-01-01'],
    $h =~ Numeric, $h =~ Scalar, $t =~ Scalar, $h =~ ScalarData, $h =~ Data, $h =~ RichData, [$h, $t] =~ Array[Scalar],
    $h =~ Optional[Timespan], $h =~ Variant[String, Timespan[1]], $h =~ Any, 1.5 =~ Timespan],
}
notify { 'assignable':
  message => [Timespan[1] < Timespan, Timespan[1, 2] < Timespan[0, 3], Timespan[0, 3] < Timespan[1, 2], Timespan <= Timespan,
    Timespan < Scalar, Timestamp < Scalar, Timestamp < ScalarData, Timestamp < Timespan, Timestamp['2021-01-01'] < Timestamp,
    Timespan =~ Type[Scalar], Timespan[1] =~ Type[Timespan], Timestamp == Timestamp, Timespan[1] == Timespan[1.0],
    Timespan[1, 2] == Timespan[1, 3]],
}
