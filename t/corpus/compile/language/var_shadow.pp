$v = 'top'
class c {
  $v = 'local'
  notify { 'c': message => "${v} ${::v}" }
}
include c
notify { 'top': message => $v }
