notify { 'x': message => m::typed('a', { 'k' => 'v' }) }
