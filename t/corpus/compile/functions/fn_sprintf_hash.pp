notify { 'a': message => sprintf('%<x>s and %<y>d', { 'x' => 'ex', 'y' => 3 }) }
