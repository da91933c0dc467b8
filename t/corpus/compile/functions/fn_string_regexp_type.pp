# String(regexp | type | reference | Sensitive, format)
$vals = { 'rx' => /^a.b$/, 'rx_slash' => /a\/b/, 'rx_quote' => /it's/, 'type' => Integer[1, 2],
          'enum' => Enum['a', 'b'], 'ref' => File['/x'], 'class' => Class['foo'], 'string_t' => String }
$fmts = ['%s', '%#s', '%p', '%20s', '%-20s', '%.3s', '%20p', '%-20p', '%.4p']
$vals.each |$n, $v| {
  $fmts.each |$f| { notify { "${n} ${f}": message => String($v, $f) } }
}
['%s', '%p', '%40s', '%-40p', '%.9s'].each |$f| {
  notify { "sensitive ${f}": message => String(Sensitive('x'), $f) }
}
