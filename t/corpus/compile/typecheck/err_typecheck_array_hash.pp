class t(Array[Hash[String, Integer]] $p) {}
class { 't': p => [{ 'a' => 1 }, { 'b' => 'x' }] }
