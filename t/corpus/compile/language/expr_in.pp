notify { 'arr': message => 'a' in ['A', 'b'] }
notify { 'substr': message => 'ell' in 'hello' }
notify { 'substr_ci': message => 'ELL' in 'hello' }
notify { 'key': message => 'k' in { 'k' => 1 } }
notify { 'regex': message => /^h/ in ['x', 'hi'] }
notify { 'num': message => 1 in [1, 2] }
notify { 'not': message => !('z' in ['a']) }
