class t(Hash[String, Integer] $p) {}
class { 't': p => { 1 => 2 } }
