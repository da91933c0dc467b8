# regsubst flags: G global, I case-insensitive, M multiline, E extended; arrays; hash replacement
$s = "Hello hello\nHELLO"
notify { 'g': message => regsubst($s, 'l+', 'L', 'G') }
notify { 'i': message => regsubst($s, 'hello', 'bye', 'GI') }
notify { 'm': message => regsubst($s, 'o.H', '_', 'M') }
notify { 'nom': message => regsubst($s, 'o.H', '_') }
notify { 'e': message => regsubst('abc', 'a b # comment', 'X', 'E') }
notify { 'arr': message => regsubst(['foo', 'bar', 'boo'], 'o', '0', 'G') }
notify { 'hash': message => regsubst('cat hat', '[ch]', { 'c' => 'b', 'h' => 'm' }, 'G') }
notify { 'back': message => regsubst('john smith', '(\w+) (\w+)', '\2, \1') }
notify { 'amp': message => regsubst('abc', 'b', '<\0>') }
notify { 'type': message => regsubst('aXbXc', Regexp['X'], '-', 'G') }
notify { 're': message => regsubst('a1b22c', /\d+/, '#', 'G') }
notify { 'empty': message => regsubst('abc', '', '-', 'G') }
notify { 'nflag': message => regsubst('abcabc', 'b', 'B', '', 'N') }
