notify { 'a': message => 5 =~ Integer[1, 10] }
notify { 'b': message => 'x' =~ String[2] }
notify { 'c': message => [1, 2] =~ Array[Integer] }
notify { 'd': message => Integer < Numeric }
notify { 'e': message => String(42) }
notify { 'f': message => Integer('42') + 1 }
