class c (
  Integer $n,
  String $s = 'x',
  Optional[String] $o = undef,
  Array[String] $a = ['x', 'y'],
  Hash $h = { 'k' => 'v' },
  Boolean $b = false,
) {
  notify { 'in_c': message => "${n} ${s}" }
}
class { 'c':
  n => 3,
}
