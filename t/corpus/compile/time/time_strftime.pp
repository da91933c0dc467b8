# strftime() of a Timestamp (Ruby's directives, flags and widths, with a
# timezone) and of a Timespan (Puppet's %D %H %M %S %L %N)
$t = Timestamp('2021-03-07T14:05:09.012345678 UTC')
notify { 'timestamp':
  message => [
    strftime($t, '%Y-%m-%d %H:%M:%S.%L %z %Z'),
    strftime($t, '%a %A %b %B %h %c|%C|%d|%D|%e|%F|%g|%G|%H|%I|%j|%k|%l|%m|%M|%n|%N|%p|%P|%r|%R|%s|%S|%t|%T|%u|%U|%V|%w|%W|%x|%X|%y|%%|%Q'),
    strftime($t, '%3N %6N %12N %1N %-d %-m %_m %^b %#b %^A %#p %10Y %-10H|%010d|%_5M|%5%|%^c|%#Z|%J|%:z|%::z'),
    strftime($t, '%F %T %z %:z %::z %Z', '+01:30'),
    strftime($t, '%F %T %z %Z', 'EST'),
    strftime($t, '%F %T %z', 'UTC'),
    strftime($t, '%F %T %z', '-0800'),
    strftime($t, '%F %T %z', 'Z'),
    strftime($t, '%FT%T%:z', 'cest'),
    strftime(Timestamp('2021-01-03'), '%U %W %V %G %u %w %j'),
    strftime(Timestamp('2020-12-31'), '%U %W %V %G %g %j'),
    strftime(Timestamp('2024-12-30'), '%V %G %g'),
    strftime(Timestamp('1970-01-01'), '%s %A'),
    strftime(Timestamp(-1.5), '%F %T.%N %s'),
    $t.strftime('%s'),
    Integer($t.strftime('%s')) - 86400,
  ],
}
$s = Timespan(3 * 86400 + 3723.25)
$f = Timespan(0.005006007)
notify { 'timespan':
  message => [
    strftime($s, '%D-%H:%M:%S.%L'),
    strftime($s, '%H:%M'),
    strftime($s, '%M:%S'),
    strftime($s, '%S'),
    strftime($s, '%D days %02H:%02M'),
    strftime($s, '%-H|%_H|%5H|%_5H|%-5H|%05H|%3D|%_3D'),
    strftime($s, '%L|%N|%-L|%-N|%3N|%6N|%_N|%_10N'),
    strftime($f, '%S.%L|%S.%N|%S.%-L|%S.%-N|%S.%3N|%S.%6N|%S.%_6N'),
    strftime(Timespan(-3723), '%H:%M:%S'),
    strftime(Timespan(0.5), '%L %N %-L %-N'),
    strftime(Timespan(1.5), '%L'),
    strftime(Timespan(1.5), '%N'),
    strftime($s, '100%% of %D'),
    $s.strftime('%H hours'),
  ],
}
