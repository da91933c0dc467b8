notify { 'u1': message => union(['a', 'b', 'a'], ['b', 'c'], [1, 1.0, 'c']) }
notify { 'u2': message => union([], []) }
notify { 'u3': message => union([[1], {'a' => 1}], [[1], {'a' => 1}, undef]) }
notify { 'i1': message => intersection(['a', 'b', 'a', 1, 2], ['a', 1.0, 2, 'b']) }
notify { 'i2': message => intersection([], ['a']) }
notify { 'd1': message => difference(['a', 'b', 'a', 1, 2], ['b', 2.0]) }
notify { 'd2': message => difference([[1], 'x'], [[1]]) }
notify { 'z1': message => zip([1, 2, 3], ['a', 'b']) }
notify { 'z2': message => zip([1, 2], ['a', 'b', 'c'], true) }
notify { 'z3': message => zip([1, [2]], [['a'], 'b'], 'yes') }
notify { 'z4': message => zip([1], ['a'], false) }
notify { 'z5': message => zip([1], ['a'], undef) }
notify { 'z6': message => zip([1], ['a'], 'no') }
notify { 'v1': message => values_at(['a', 'b', 'c', 'd', 'e'], 1) }
notify { 'v2': message => values_at(['a', 'b', 'c', 'd', 'e'], ['0', '2-3', '1..2', '1...3', 4]) }
notify { 'v3': message => values_at(['a', undef, 'c'], [0, 1, 2]) }
notify { 'v4': message => values_at(['a', 'b', 'c'], "x\n1") }
notify { 'v5': message => values_at(['a', 'b', 'c'], ['1', ['2']]) }
notify { 'v6': message => values_at(['a', 'b', 'c'], '2...2') }
deprecation('mykey', 'this is deprecated')
deprecation('mykey', 'this is deprecated')
