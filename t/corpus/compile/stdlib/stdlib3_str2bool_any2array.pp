['1', 't', 'y', 'true', 'yes', 'TRUE', 'Yes', 'T', '0', 'f', 'n', 'false', 'no', 'NO', 'False', '', 'undef', 'undefined', "x\n\ny", "foo\ntrue", "yes\n"].each |$i, $s| {
  notify { "s${i}": message => str2bool($s) }
}
notify { 'sb': message => [str2bool(true), str2bool(false), str2bool(undef)] }
notify { 'a1': message => any2array() }
notify { 'a2': message => any2array([1, 2]) }
notify { 'a3': message => any2array('') }
notify { 'a4': message => any2array(undef) }
notify { 'a5': message => any2array({'a' => 1, 'b' => [2]}) }
notify { 'a6': message => any2array('x') }
notify { 'a7': message => any2array(1, undef, 'c') }
notify { 'a8': message => any2array(5) }
