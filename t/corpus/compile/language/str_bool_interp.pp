$t = true
$f = false
notify { 'a': message => "${t} ${f} ${1 == 1}" }
