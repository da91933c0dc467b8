class x(Type $t) {}
class { 'x': t => 'String' }
