notify { 'keys': message => { ['e'] => 1, 3 => 3, undef => 4, 1.5 => 5, true => 6, [1, [2]] => 7, {'k' => 'v'} => 2, [] => 10, {} => 11 } }
notify { 'k2': message => [{ [1,'a'] => 'x' }] }
