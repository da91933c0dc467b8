class t(Float[1.0, 2.0] $p) {}
class { 't': p => 2.5 }
