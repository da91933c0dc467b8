# positional arguments: the attributes without a default first, then the others
type Opt = Object[{ attributes => { a => { type => Integer, value => 1 }, b => String, c => Optional[Integer], d => Integer } }]
$o = Opt('x', 4)
$p = Opt('y', 5, 6)
$q = Opt('z', 7, 8, 9)
notify { 'o': message => [$o, $p, $q, $o.a, $o.b, $o.c, $o.d, $q.a, $q.c] }
