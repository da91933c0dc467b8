# type() with each inference method; then/lest; dig with undef and negative index; with
notify { 'det': message => String(type([1, 'a'], 'detailed')) }
notify { 'red': message => String(type([1, 'a'], 'reduced')) }
notify { 'gen': message => String(type([1, 'a'], 'generalized')) }
notify { 'hash': message => [type({ 'a' => 1 }) == Struct[{ 'a' => Integer[1, 1] }]] }
notify { 'enum': message => [type(['a', 'b'], 'reduced') == Array[Enum['a', 'b'], 2, 2], type(['a', 'bb'], 'generalized') == Array[String[1, 2]]] }
notify { 'mixed': message => [String(type([1, undef, 2.5], 'reduced')), String(type([[1], { 'a' => /x/ }], 'generalized')), String(type([default, 1], 'reduced'))] }
notify { 'empty': message => [String(type([], 'generalized')), String(type({}, 'generalized')), String(type([[], [1, 2]], 'reduced'))] }
notify { 'str': message => String(type('abc')) }
notify { 'then': message => [then(1) |$x| { $x + 1 }, then(undef) |$x| { 2 }] }
notify { 'lest': message => [lest(1) || { 2 }, lest(undef) || { 3 }] }
notify { 'dig': message => [dig({ 'a' => [1, 2, 3] }, 'a', -1), dig(undef, 'a'), dig({ 'a' => undef }, 'a', 'b')] }
notify { 'with': message => with(1, 2) |$a, $b| { $a + $b } }
notify { 'uniq': message => unique(['a', 'B', 'b', 'A']) |$x| { downcase($x) } }
