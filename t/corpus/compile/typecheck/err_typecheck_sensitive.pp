class t(Sensitive[String] $p) {}
class { 't': p => 'x' }
