# a trailing comma inside [] of an access expression (types, values)
type My::T = Enum['x', 'y',]
$x = Enum['a','b',]
$y = Pattern[/a/, /b/,]
$q = 'x' ? { Enum['x',] => 'yes', default => 'no' }
case 'x' { Enum['x',]: { $r = 'c' } default: { $r = 'd' } }
$v = [1,2,][0]
$h = {'a' => 1}['a',]
$s = 'abcdef'[1,2,]
notify { 'x': message => "${x} ${y} ${My::T} ${q} ${r} ${v} ${h} ${s} ${'a' =~ Pattern[/a/,]} ${String[1,]} ${Struct[{a => Integer,},]} ${Hash[String, Integer,]}" }
class t(Optional[String] $o = undef) { }
include t
