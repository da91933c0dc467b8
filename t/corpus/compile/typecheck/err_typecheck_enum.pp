class t(Enum['a', 'b'] $p) {}
class { 't': p => 'c' }
