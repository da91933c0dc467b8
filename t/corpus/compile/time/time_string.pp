# Timestamps and Timespans in strings, String(), and as resource
# parameters (Puppet writes their string form into the catalog)
$t = Timestamp('2021-01-01T12:00:00.5 UTC')
$h = Timespan(-90.25)
notify { 'interp': message => "at ${t} for ${h}" }
notify { 'value': message => $t }
notify { 'span': message => $h }
notify { 'nested': message => { start => $t, spans => [$h, Timespan(0)] } }
notify { 'string':
  message => [String($t), String($h), String($t, '%s'), String($h, '%20s'), "${[$t, $h]}", [$t, $h].join(', ')],
}
file { '/tmp/mcomp-corpus/time':
  ensure  => file,
  content => "built ${Timestamp('2000-01-01')}\n",
}
# String(t, format): Kernel.format of a Numeric (to_int, to_f)
$u = Timestamp('2021-01-01T00:00:00.5 UTC')
$v = Timespan(-1.5)
notify { 'format':
  message => [String($v, '%d'), String($u, '%x'), String($v, '%f'), String($u, '%.3e'), String($v, '%.3s'),
    String($u, '%10.4s'), String($v, { Timespan => '%d' }), String($v, '%o'), String($v, '%b'), String($v, '%g')],
}
