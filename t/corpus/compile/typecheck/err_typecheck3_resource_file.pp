class x(File $f) {}
class { 'x': f => Notify['n'] }
