class t(Variant[Integer[1, 3], Integer[4, 6], Array[Integer[1, 3]]] $p) {}
class { 't': p => [7] }
