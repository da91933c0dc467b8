$d = Deferred('join', [[1, 2], '-'])
notify { "n1": message => String($d) }
notify { "n2": message => String(type($d)) }
notify { "n3": message => String([$d =~ Deferred, $d.name, $d.arguments, Deferred('x::y').arguments]) }
notify { "n4": message => String(Deferred('$var')) }
notify { "n5": message => String(Deferred({name => 'f', arguments => [1]})) }
notify { "n6": message => String(Deferred('f') == Deferred('f')) }
notify { 'd': message => $d }
notify { 'n': message => [Deferred('sprintf', ['%s', 'x']), {k => Deferred('f')}] }
