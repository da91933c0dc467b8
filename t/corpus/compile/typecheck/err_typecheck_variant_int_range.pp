class t(Variant[Integer[1, 5], String] $p) {}
class { 't': p => 7 }
