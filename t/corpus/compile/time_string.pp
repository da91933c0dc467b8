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
