$x = 'top'
class c {
  notify { 'c': message => "${x} ${::x}" }
}
include c
