class t(Variant[Integer[default, 2], Integer[3, 4]] $p) {}
class { 't': p => 5 }
