notify { 'n': message => epp('m/t.epp', {'a-b' => 1}) }
