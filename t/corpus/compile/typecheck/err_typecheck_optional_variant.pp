class t(Optional[Variant[String, Integer]] $p) {}
class { 't': p => [1] }
