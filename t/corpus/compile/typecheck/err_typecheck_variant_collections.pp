class t(Variant[Array[String], Hash[String, String]] $p) {}
class { 't': p => [1] }
