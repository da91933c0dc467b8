notify { 'n': message => epp('m/t.epp', {'x' => 1, 'q' => 2}) }
