# Timespan.new: seconds, strings in the default formats or given ones,
# fields, and both hash forms
notify { 'seconds':
  message => [Timespan(0), Timespan(1), Timespan(1.5), Timespan(-90), Timespan(86400 * 3 + 3723), Timespan(0.000000001),
    Timespan(123456789.987654321), Timespan.new(60)],
}
notify { 'defaults':
  message => [
    Timespan('1-02:03:04.5'), Timespan('02:03:04.000000001'), Timespan('03:04.25'), Timespan('4.5'),
    Timespan('1-02:03:04'), Timespan('02:03:04'), Timespan('1-02:03'), Timespan('42'), Timespan('-1-00:00:00.5'),
    Timespan('-30'), Timespan('100:00:00'), Timespan('1234567'),
  ],
}
notify { 'formats':
  message => [
    Timespan('3h 4m', '%Hh %Mm'),
    Timespan('90 minutes', '%M minutes'),
    Timespan('1.250', '%S.%L'),
    Timespan('1.25', '%S.%N'),
    Timespan('12:34:56.789', '%H:%M:%S.%L'),
    Timespan('7 days', ['%H hours', '%D days']),
    Timespan('05', '%2S'),
    Timespan(' 5', '%_2S'),
    Timespan('  77', '%_H'),
    Timespan('3-4', '%D-%-H'),
    Timespan('100%', '%S%%'),
    Timespan('-2:30', '%H:%M'),
  ],
}
notify { 'fields':
  message => [
    Timespan(1, 2, 3, 4), Timespan(1, 2, 3, 4, 5), Timespan(0, 0, 0, 0, 1, 2, 3), Timespan(0, 25, 61, 61),
    Timespan(-1, 0, 0, 0), Timespan(0, 0, 0, 10, -500),
  ],
}
notify { 'hash':
  message => [
    Timespan({ string => '1-00:00:00' }),
    Timespan({ string => '5 s', format => '%S s' }),
    Timespan({ string => '5 s', format => ['%M m', '%S s'] }),
    Timespan({ days => 1, hours => 2, minutes => 3, seconds => 4, milliseconds => 5, microseconds => 6, nanoseconds => 7 }),
    Timespan({ hours => 1, negative => true }),
    Timespan({ minutes => 90, negative => false }),
    Timespan({}),
  ],
}
