$r = Integer[1, 4].map |$x| { $x * $x }
notify { 'a': message => $r }
