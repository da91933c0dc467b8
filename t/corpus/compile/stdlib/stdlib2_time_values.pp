# Timestamps and Timespans through stdlib's to_json and to_yaml (Ruby
# objects: their string, their @nsecs) and other functions
$t = Timestamp('2021-01-01T00:00:00.5 UTC')
$h = Timespan(1.5)
notify { 'misc':
  message => [to_json($h), to_json([$t]), to_json({ a => $h }), to_yaml($h), to_yaml({ a => $t, b => [$h] }),
    inline_epp('<%= $x %>', { x => $h }), "${h}" =~ /0-/, join([$t, $h], ' '), [$h].flatten, $t.type, max(1, 2)],
}
