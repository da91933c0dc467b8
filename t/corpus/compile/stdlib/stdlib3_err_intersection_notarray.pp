notify { 'x': message => intersection({'a' => 1}, 'b') }
