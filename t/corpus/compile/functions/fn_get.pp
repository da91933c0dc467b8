$d = {a => {b => [10, 20, {c => 'x'}]}, 'x.y' => 5, '7' => seven, 7 => sieben, 'k l' => kl, '' => empty}
notify { 'g1': message => get($d, 'a.b.1') }
notify { 'g2': message => get($d, 'a.b.2.c') }
notify { 'g3': message => get($d, 'a.b.-1.c') }
notify { 'g4': message => get($d, '"x.y"') }
notify { 'g5': message => get($d, "'x.y'") }
notify { 'g6': message => get($d, 'a.nope', 'dflt') }
notify { 'g7': message => get($d, '') }
notify { 'g8': message => get(undef, 'a', 'und') }
notify { 'g9': message => get($d, '7') }
notify { 'g10': message => get([1, 2, 3], '1') }
notify { 'g11': message => get($d, 'k l') }
notify { 'g12': message => get($d, ' "k l" ') }
notify { 'g13': message => get($d, 'a . b . 0') }
notify { 'g14': message => get($d, 'a.b.+1') }
notify { 'g15': message => get($d, 'a.b.5', 'gone') }
notify { 'g16': message => get($d, 'a.b.5') =~ Undef }
notify { 'g18': message => get($d, 'a.b.0') |$e| { 'not called' } }
notify { 'g19': message => get({a => undef}, 'a', 'was undef') }
notify { 'g20': message => get({a => false}, 'a', 'was false') }
notify { 'g21': message => $d.get('a.b.2').get('c') }
notify { 'g22': message => get([[1, [2, 3]]], '0.1.0') }
