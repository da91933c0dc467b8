$r = [3, 1, 2].sort.map |$x| { $x * 10 }.join(',')
notify { 'a': message => $r }
notify { 'b': message => 'abc'.upcase }
notify { 'c': message => [1, 2, 3].filter |$x| { $x > 1 }.length }
