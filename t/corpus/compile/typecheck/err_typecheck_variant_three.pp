class t(Variant[String, Integer, Boolean] $p) {}
class { 't': p => [1] }
