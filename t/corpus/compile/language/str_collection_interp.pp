$a = [1, 'two', [3]]
$h = { 'k' => 'v', 'n' => 1 }
notify { 'a': message => "${a}" }
notify { 'h': message => "${h}" }
notify { 'e': message => "${[]} ${{}}" }
