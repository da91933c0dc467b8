class x(Undef $u = 1) {}
include x
