$x = 'val'
$h = { 'k' => ['first', 'second'] }
notify { 'a': message => "$x ${x} ${x}y ${1 + 2} ${h['k'][0]} ${h['k'][-1]}" }
notify { 'b': message => "prefix-${x}-suffix" }
