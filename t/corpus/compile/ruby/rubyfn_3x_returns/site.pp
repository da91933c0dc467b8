['nil', 'undef', 'hash', 'num'].each |$k| {
  $v = ret3($k)
  notify { $k: message => "${type($v, 'generalized')} [${v}]" }
}
