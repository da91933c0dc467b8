class t(Integer[1, 5] $p) {}
class { 't': p => 7 }
