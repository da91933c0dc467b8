# every fault of a class's parameters in one message: unknown names first, then
# each parameter in declaration order (type faults and missing values)
class x(Integer $a, String $b, $c, Integer $d = 'str', Optional[Integer] $e, $f = 1) {}
class { 'x':
  a  => 'no',
  zz => 1,
  b  => 1,
  yy => 2,
}
