class base ($p = 'bp') {
  notify { 'base': message => $p }
}
class sub ($q = 'sq') inherits base {
  notify { 'sub': message => "${p} ${q}" }
}
include sub
