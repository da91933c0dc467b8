class t(Hash[String, Integer] $p) {}
class { 't': p => { 'a' => 'b' } }
