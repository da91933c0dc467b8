class t(Tuple[String, Integer] $p) {}
class { 't': p => ['a'] }
