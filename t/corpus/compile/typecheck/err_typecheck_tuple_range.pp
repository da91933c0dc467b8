class t(Tuple[String, Integer, 1, 2] $p) {}
class { 't': p => ['a', 'b', 'c'] }
