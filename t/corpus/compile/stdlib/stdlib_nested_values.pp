notify { 'nv': message => stdlib::nested_values({'a' => 1, 'b' => {'c' => [2], 'd' => {'e' => 'x'}}, 'f' => {}}) }
notify { 'nv_undef': message => {'k' => undef}.stdlib::nested_values }
notify { 'nv_empty': message => stdlib::nested_values({}) }
