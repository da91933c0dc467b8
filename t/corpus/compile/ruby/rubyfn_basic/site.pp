notify { 'a': message => greet('world') }
notify { 'b': message => greet('you', '?') }
$r = greet(42)
notify { 'c': message => $r }
