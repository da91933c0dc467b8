class t(Optional[Integer[1, 5]] $p) {}
class { 't': p => 9 }
