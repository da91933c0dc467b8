class x(Numeric $n) {}
class { 'x': n => '12' }
