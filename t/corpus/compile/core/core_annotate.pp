type Person = Object[{ attributes => { name => String } }]
type NickName = Object[{ parent => Annotation, attributes => { nick => String } }]
$p = Person('William')
$none = annotate(NickName, $p)
$n = annotate(NickName, $p, { 'nick' => 'Bill' })
$again = annotate(NickName, $p)
$blk = annotate(NickName, $p) || { { 'nick' => 'Will' } }
$q = Person('Other')
$blk2 = annotate(NickName, $q) || { { 'nick' => 'Ot' } }
$cleared = annotate(NickName, $p, clear)
$after = annotate(NickName, $p)
notify { 'a': message => [$none, $n, $again, $blk, $blk2, $cleared, $after, $n.nick, $n =~ Annotation, $n =~ NickName] }
notify { 'b': message => [NickName] }
