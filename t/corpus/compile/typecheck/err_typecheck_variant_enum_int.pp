class t(Variant[Enum['a'], Integer] $p) {}
class { 't': p => 'c' }
