# Timestamp.new: default formats (with and without a zone), given formats,
# an explicit timezone, seconds, and the hash form
notify { 'defaults':
  message => [
    Timestamp('2021-03-04T05:06:07.123456789 UTC'),
    Timestamp('2021-03-04T05:06:07 +01:00'),
    Timestamp('2021-03-04 05:06:07.5 EST'),
    Timestamp('2021-03-04 05:06:07 -0230'),
    Timestamp('2021-03-04 CET'),
    Timestamp('2021-03-04T05:06:07.25'),
    Timestamp('2021-03-04T05:06:07'),
    Timestamp('2021-03-04 05:06:07.000001'),
    Timestamp('2021-03-04 05:06:07'),
    Timestamp('2021-03-04'),
    Timestamp('1969-12-31T23:59:59.999 UTC'),
    Timestamp('1600-02-29'),
    Timestamp('2400-12-31T23:59:59'),
  ],
}
notify { 'formats':
  message => [
    Timestamp('04/03/21 17:30', '%d/%m/%y %H:%M'),
    Timestamp('1999 Mar 7 pm 10', '%Y %b %d %p %I'),
    Timestamp('March 7, 2020', '%B %e, %Y'),
    Timestamp('20210304T050607', '%Y%m%dT%H%M%S'),
    Timestamp('2021-03-04 12:00 GMT+2', '%F %R %Z'),
    Timestamp('2021-03-04 12:00 utc-5', '%F %R %z'),
    Timestamp('2021-03-04 12:00', ['%F %T', '%F %R']),
    Timestamp('2021-03-04', '%F', '+05:30'),
    Timestamp('2021-03-04 10:00', ['%F %T', '%F %R'], 'PST'),
    Timestamp('2021-02-30', '%F'),
    Timestamp('2021-03-04 24:00:00', '%F %T'),
    Timestamp('Thu Mar  4 05:06:07 2021', '%c'),
    Timestamp('03/04/21', '%D'),
    Timestamp("2021-03-04  \t 05:06", '%F %H:%M'),
  ],
}
notify { 'seconds':
  message => [Timestamp(0), Timestamp(1614834367), Timestamp(1.5), Timestamp(-1.25), Timestamp(1e9),
    Timestamp.new(86400)],
}
notify { 'hash':
  message => [
    Timestamp({ string => '2021-03-04' }),
    Timestamp({ string => '04.03.2021', format => '%d.%m.%Y' }),
    Timestamp({ string => '04.03.2021 10', format => ['%d.%m.%Y %H'], timezone => '-01:00' }),
  ],
}
notify { 'zones':
  message => [
    Timestamp('2021-01-01 10:00 eastern standard time', '%F %R %Z'), Timestamp('2021-01-01 10:00 cet dst', '%F %R %Z'),
    Timestamp('2021-01-01 10:00 nzt', '%F %R %Z'), Timestamp('2021-01-01 10:00 B', '%F %R %Z'),
    Timestamp('2021-01-01 10:00 +5.5', '%F %R %z'), Timestamp('2021-01-01 10:00 GMT-0930', '%F %R %z'),
    Timestamp('2021-01-01 10:00 Z', '%F %R %z'), Timestamp('2021-01-01', '%F', 'wib'), Timestamp('2021-01-01', '%F', 'Pacific'),
    Timestamp('2021-01-01', '%F', '+093015'), Timestamp('2021-01-01', '%F', 'y'), Timestamp('2021-01-01', '%F', 'Tokyo'),
  ],
}
notify { 'iso':
  message => [Timestamp('2021-01-01T00:00:00Z'), Timestamp('2021-01-01T00:00:00.5+02:00'), Timestamp('2021-01-01 00:00:00-0800'),
    Timestamp('2021-1-2'), Timestamp('2021-01-01T00:00:00.123456789123'), Timestamp('+2021-01-01'), Timestamp('2021-01-01 10:00:00 current') > Timestamp(0)],
}
