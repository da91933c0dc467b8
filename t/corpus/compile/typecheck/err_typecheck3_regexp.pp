class x(Regexp $r) {}
class { 'x': r => 'a+' }
