notify { 'plain': message => shellquote('abc', 'a-b_c/d.e:f,g@h%i+j=k') }
notify { 'space': message => shellquote('a b', "it's") }
notify { 'dollar': message => shellquote('$HOME', 'a"b') }
notify { 'both': message => shellquote("it's \$x", 'back\\slash!`') }
notify { 'empty': message => shellquote('') }
notify { 'array': message => shellquote(['a b', ['c', 'd e']], 'f') }
notify { 'none': message => shellquote() }
notify { 'undef': message => shellquote(undef, 'x') }
