$a = ['a', 'b', 'c', 'd']
$s = 'abcdef'
notify { 'idx': message => $a[0] }
notify { 'neg': message => $a[-1] }
notify { 'slice': message => $a[1, 2] }
notify { 'slice_neg': message => $a[-2, 2] }
notify { 'out': message => $a[10] }
notify { 'str': message => $s[0, 3] }
notify { 'str1': message => $s[2] }
notify { 'strneg': message => $s[-2, 2] }
notify { 'hash': message => { 'k' => 'v' }['k'] }
notify { 'hmulti': message => { 'a' => 1, 'b' => 2, 'c' => 3 }['a', 'c'] }
