type Person = Object[{ attributes => { name => String } }]
type NickName = Object[{ parent => Annotation, attributes => { nick => String } }]
type Hobby = Object[{ parent => Annotation, attributes => { hobbies => Array[String] } }]
$p = Pcore.annotate(Person('William'), { NickName => { 'nick' => 'Bill' }, Hobby => { 'hobbies' => ['radio'] } })
notify { 'a': message => [$p, annotate(NickName, $p), annotate(Hobby, $p), NickName.annotate($p)] }
