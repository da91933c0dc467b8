notify { 'one': message => m::opt('x') }
notify { 'two': message => m::opt('x', 2) }
notify { 'three': message => m::opt('x', 2, 'z') }
notify { 'undef': message => m::opt('x', 3, undef) }
