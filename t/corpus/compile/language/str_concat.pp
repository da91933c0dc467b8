$a = 'x'
$b = "${a}${a}"
notify { 'a': message => "${b}-${a}" }
