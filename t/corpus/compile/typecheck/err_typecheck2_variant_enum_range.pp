class t(Variant[Enum['a'], Integer[1, 2], Integer[3, 4]] $p) {}
class { 't': p => 'c' }
