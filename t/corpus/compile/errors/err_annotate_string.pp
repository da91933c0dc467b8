type NickName = Object[{ parent => Annotation, attributes => { nick => String } }]
$a = annotate(NickName, 'value', {nick => 'x'})
notify { 'x': message => $a }
