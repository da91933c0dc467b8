notify { 'c_mixed': message => concat(['1', '2', '3'], '4', ['5', '6', '7']) }
notify { 'c_undef_is_empty_string': message => concat([1], undef, [[2]], {'a' => 1}) }
notify { 'c_method': message => [0].concat(1) }
notify { 'h_yes': message => has_key({'a' => 1}, 'a') }
notify { 'h_case': message => has_key({'a' => 1}, 'A') }
notify { 'h_int': message => has_key({1 => 1}, 1) }
notify { 'h_int_float': message => has_key({1 => 1}, 1.0) }
notify { 'h_undef_value': message => has_key({'a' => undef}, 'a') }
