class x(NotUndef[String] $s) {}
class { 'x': s => undef }
