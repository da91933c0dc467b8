notify { 'a': message => 'zz' ? { 'a' => 1, default => 2 } }
notify { 'b': message => 'A' ? { 'a' => 'ci', default => 'cs' } }
