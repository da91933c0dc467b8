notify { 'basic': message => join_keys_to_values({'a' => 1, 'b' => 'two'}, '=') }
notify { 'array': message => join_keys_to_values({'a' => [1, 2], 'b' => []}, ' is ') }
notify { 'undef': message => join_keys_to_values({'a' => undef, 'b' => 'undef', 'c' => ''}, ':') }
notify { 'nested': message => join_keys_to_values({'a' => {'x' => 1}, 1 => true, 'f' => 1.5}, '-') }
notify { 'nestedarr': message => join_keys_to_values({'a' => [[1, 2], undef]}, '') }
notify { 'empty': message => join_keys_to_values({}, ',') }
