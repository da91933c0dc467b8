class t(Variant[String, Integer] $p) {}
class { 't': p => [1] }
