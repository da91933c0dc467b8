class t(Optional[Enum['a', 'b']] $p) {}
class { 't': p => 'c' }
