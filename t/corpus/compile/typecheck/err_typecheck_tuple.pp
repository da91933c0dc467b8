class t(Tuple[String, Integer] $p) {}
class { 't': p => [1, 'a'] }
