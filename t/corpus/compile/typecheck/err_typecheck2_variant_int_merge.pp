class t(Variant[Integer[1, 5], Integer[6, 10]] $p) {}
class { 't': p => 11 }
