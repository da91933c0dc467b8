class t(Array[String, 2] $p) {}
class { 't': p => ['a'] }
