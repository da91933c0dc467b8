class t(Variant[Float[0.0, 1.0], Integer[0, 1]] $p) {}
class { 't': p => 5 }
