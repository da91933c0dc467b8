$h = { 'a' => 1 }
notify { 'a': message => $h['a'].then |$x| { $x + 1 } }
notify { 'b': message => $h['b'].lest || { 'none' } }
