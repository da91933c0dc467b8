notify { 'n': message => epp('m/t.epp', {'w' => 1, 'x' => 'a', 'y' => undef}) }
