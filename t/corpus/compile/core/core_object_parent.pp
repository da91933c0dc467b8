type Animal = Object[{name => 'Animal', attributes => {name => String, legs => {type => Integer, value => 4}}}]
type Dog = Object[{parent => Animal, attributes => {breed => Optional[String]}}]
$d = Dog('rex', 4, 'lab')
$e = Dog({name => 'fido', breed => 'pug'})
$f = Dog('max')
notify { 'd': message => "${d} ${e} ${f} ${d.name} ${d.breed} ${f.breed}" }
notify { 'm': message => [$d =~ Animal, $d =~ Dog, Animal('x') =~ Dog, $d == Dog('rex', 4, 'lab'), $d != $e] }
notify { 'n': message => [Dog, Animal] }
