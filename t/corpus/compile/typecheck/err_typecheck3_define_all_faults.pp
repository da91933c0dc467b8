define dd(Integer $a, String $b, $c, Boolean $d = true) {}
dd { 'ok':
  a => 1,
  b => 'x',
  c => 3,
}
dd { 't':
  a  => 'no',
  zz => 1,
  d  => 'yes',
}
