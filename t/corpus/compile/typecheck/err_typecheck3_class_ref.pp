class x(Class $c) {}
class { 'x': c => File['/tmp'] }
