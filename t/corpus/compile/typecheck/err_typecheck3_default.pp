class x(Default $d) {}
class { 'x': d => 'default' }
