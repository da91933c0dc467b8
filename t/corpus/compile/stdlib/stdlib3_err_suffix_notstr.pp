notify { 'x': message => suffix({'a' => 1}, ['x']) }
