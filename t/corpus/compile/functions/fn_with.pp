$r = with(1, 2) |$a, $b| { $a + $b }
notify { 'a': message => $r }
