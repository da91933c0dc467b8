notify { 'keys':
  message => { ['e'] => 1, {'k' => 'v'} => 2, 3 => 3, undef => 4, 1.5 => 5, true => 6, [1, [2]] => 7, default => 8, Integer => 9, [] => 10, {} => 11, /re/ => 12, Sensitive('s') => 13 },
}
