notify { 'dm': message => deep_merge({'one' => 1, 'two' => 2, 'three' => { 'four' => 4 } }, {'two' => 'dos', 'three' => { 'five' => 5 } }) }
notify { 'dm_replace': message => deep_merge({'a' => {'b' => 1}}, '', {'a' => 'x'}, {'a' => {'c' => 2}}) }
notify { 'dm_undef': message => deep_merge({'a' => {'b' => undef}}, {'a' => {'c' => undef}}) }
notify { 'dm_deep': message => deep_merge({'a' => {'b' => {'c' => 1, 'd' => [1]}}}, {'a' => {'b' => {'d' => [2]}, 'e' => 3}}, undef) }
