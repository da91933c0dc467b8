$kinds = ['nil', 'int', 'big', 'float', 'true', 'false', 'str', 'array', 'hash', 'intkeys', 'empty']
$kinds.each |$k| {
  $v = m::value($k)
  notify { "v_${k}": message => "${type($v, 'generalized')} ${v}" }
}
notify { 'undef': message => m::value('nil') =~ Undef }
notify { 'default': message => m::value('sym') =~ Default }
$s = m::value('sensitive')
notify { 'sens': message => $s =~ Sensitive[String] }
file { '/tmp/mcomp-corpus/rubyfn-sens': content => $s }
notify { 'sens_unwrap': message => $s.unwrap }
$h = m::value('hash')
notify { 'hash_order': message => $h.keys.join(',') }
