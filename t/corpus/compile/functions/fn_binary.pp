$b = Binary('aGk=')
$b2 = Binary('hello', '%s')
notify { 'b': message => $b }
notify { 'b2': message => $b2 }
notify { 'interp': message => "${b} ${b2}" }
notify { 'forms': message => [Binary('aGVsbG8', '%b'), Binary('aGk', '%b'), Binary('-_8=', '%u'), Binary('hi there', '%r'), Binary([104, 105, 0, 255]), Binary({value => 'aGk='}), Binary({value => 'hey', format => '%s'}), Binary({value => [1, 2, 3]})] }
notify { 'loose': message => Binary("aGVs\nbG8=", '%b') }
notify { 'fmt': message => [String($b, '%s'), String($b, '%B'), String($b, '%u'), String($b, '%p'), String($b, '%b'), String($b, '%t'), String($b, '%T'), String($b, '%#s'), String($b, '%10B'), String($b, '%-8s'), String($b, '%#p')] }
notify { 'longer': message => [String(Binary('QQ==', '%B'), '%b'), String(Binary(Array(Integer[1, 60]).map |$i| { 65 }), '%b')] }
notify { 'urlsafe': message => [String(Binary([251, 255, 254]), '%u'), String(Binary([251, 255, 254]), '%B')] }
notify { 'type': message => [String(type($b)), $b =~ Binary, $b =~ RichData, $b =~ Data, $b =~ Scalar, 'aGk=' =~ Binary] }
notify { 'eq': message => [$b == Binary('aGk='), $b == Binary('aGo='), $b != $b2, $b == 'aGk='] }
notify { 'len': message => [length($b), size($b2), $b2.length, empty(Binary(''))] }
notify { 'json': message => [$b, {k => $b2}, Binary([0, 1, 2])] }
notify { 'unique': message => unique([$b, Binary('aGk='), $b2]) }
notify { 'hash_key': message => {$b => 1}[Binary('aGk=')] }
notify { 'empty': message => [String(Binary(''), '%p'), String(Binary(''))] }
