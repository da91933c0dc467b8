notify { 'p1': message => prefix(['a', 'b', 1, 2.5, true, ['x'], {'k' => 'v'}, undef], 'p-') }
notify { 'p2': message => prefix({'a' => 1, 'b' => [2]}, 'p-') }
notify { 'p3': message => prefix(['a', 3]) }
notify { 'p4': message => prefix(['a'], undef) }
notify { 'p5': message => prefix({1 => 'x', '1' => 'y', 'z' => 'w'}, 'k') }
notify { 'p6': message => prefix(['a'], false) }
notify { 's1': message => suffix(['a', 'b', 1, undef], '.conf') }
notify { 's2': message => suffix({'a' => 1, 'b' => 2}, '_x') }
notify { 's3': message => suffix([]) }
notify { 's4': message => suffix({}, 'x') }
