notify { 'first': message => regsubst('aaa', 'a', 'b') }
notify { 'global': message => regsubst('aaa', 'a', 'b', 'G') }
notify { 'capture': message => regsubst('host-42', '^(\w+)-(\d+)$', '\2:\1') }
notify { 'ci': message => regsubst('ABC', 'b', 'x', 'I') }
notify { 'arr': message => regsubst(['a1', 'b2'], '\d', '') }
notify { 're': message => regsubst('a.b.c', /\./, '/', 'G') }
