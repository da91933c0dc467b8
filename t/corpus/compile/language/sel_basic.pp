$x = 'b'
$v = $x ? {
  'a'     => 'is a',
  'b'     => 'is b',
  default => 'other',
}
notify { 'a': message => $v }
