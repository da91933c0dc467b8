# Psych anchors an array, hash, regexp, Sensitive or type met twice (the same
# object: a variable used twice); equal but separate values are not aliased
$r = /a/
$s = Sensitive('x')
$t = Integer[1,2]
$u = [1]
$h = {'k' => 'v'}
notify { 'same objects': message => to_yaml([$r, $r, $s, $s, $t, $t, $u, $u, $h, [$h]]) }
notify { 'separate literals': message => to_yaml([/a/, /a/, [1], [1], Integer[1,2], Integer[1,2]]) }
notify { 'type as key and value': message => to_yaml({ $t => 1, 'k' => $t }) }
notify { 'pattern shares its regexp': message => to_yaml([Pattern[$r], $r]) }
notify { 'singletons': message => to_yaml([String, Optional[String], Hash, Any, Array, Hash[Any, Any]]) }
notify { 'resource and class keys': message => to_yaml({ Notify['x'] => 1, default => Class }) }
$v = 'abc'
notify { 'strings are not anchored': message => to_yaml([$v, $v]) }
