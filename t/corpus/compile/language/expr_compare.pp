notify { 'eq_ci': message => 'abc' == 'ABC' }
notify { 'ne': message => 'abc' != 'abd' }
notify { 'lt': message => 'a' < 'b' }
notify { 'lt_ci': message => 'B' < 'a' }
notify { 'num_float': message => 1 == 1.0 }
notify { 'str_num': message => '1' == 1 }
notify { 'ge': message => 3 >= 3 }
notify { 'arr_eq': message => [1, 'A'] == [1, 'a'] }
notify { 'hash_eq': message => { 'a' => 1 } == { 'a' => 1 } }
