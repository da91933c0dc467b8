notify { 'n': message => epp('m/t.epp', { 'x' => 1 }) }
