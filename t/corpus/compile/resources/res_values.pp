notify { 'int': message => 42 }
notify { 'str': message => '42' }
notify { 'float': message => 1.5 }
notify { 'bool': message => true }
notify { 'arr': message => [1, 'two', [3], false] }
notify { 'hash': message => { 'b' => 1, 'a' => [2] } }
notify { 'neg': message => -7 }
