class t(Array[String, 1] $p) {}
class { 't': p => [] }
