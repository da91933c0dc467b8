class x(Sensitive[String] $p) {}
class { 'x': p => 'secret' }
