$vals = {
  'hex_pfx'  => Integer('0xff', 16),
  'bin'      => Integer('101', 2),
  'conv'     => '0x1f'.convert_to(Integer, 16),
  'bin_pfx'  => Integer('0b101', 2),
  'oct'      => Integer('17', 8),
  'oct_pfx'  => Integer('017', 8),
  'dec'      => Integer('017', 10),
  'default'  => Integer('017'),
  'dflt_bin' => Integer('0b11'),
  'abs'      => Integer('-42', 10, true),
  'abs_def'  => Integer('-0x10', default, true),
  'hash'     => Integer({'from' => '11', 'radix' => 2}),
  'hash_abs' => Integer({'from' => -3.7, 'abs' => true}),
  'float'    => Integer(3.9),
  'bool'     => Integer(true),
  'sign_ws'  => Integer('- 5'),
}
$vals.each |$k, $v| { notify { $k: message => $v } }
