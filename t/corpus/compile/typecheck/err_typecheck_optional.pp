class t(Optional[String] $p) {}
class { 't': p => 1 }
