$x = [undef]
include $x
