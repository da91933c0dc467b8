notify { 'twice': message => m::each_twice([1, 2, 3]) |$x| { $x + 1 } }
notify { 'with': message => m::maybe('a') |$s| { "block got ${s}" } }
notify { 'without': message => m::maybe('b') }
notify { 'pairs': message => m::pairs({ 'k' => 'v', 'x' => 'y' }) |$k, $v| { "${k}=${v}" } }
