class t(Hash[String, Integer, 2, 3] $p) {}
class { 't': p => { 'a' => 1 } }
