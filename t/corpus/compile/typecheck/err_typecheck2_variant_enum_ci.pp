class t(Variant[Enum['a', 'B', true], Enum['c', true], Enum['d']] $p) {}
class { 't': p => 'x' }
