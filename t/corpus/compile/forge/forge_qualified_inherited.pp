# $c::x finds x in c's parent classes (params and body variables)
class base($port = 80) { $x = 'bx' $z = 'bz' }
class mid inherits base { $y = 'my' $z = 'mz' }
class c inherits mid { $w = 'cw' }
class other { $o = 'oo' }
include c
include other
notify { 'a': message => "${c::x} ${c::y} ${c::w} ${mid::x} ${::c::z} ${c::port} ${c::name} ${mid::title}" }
notify { 'b': message => "<${other::x}> <${c::nothere}>" }
