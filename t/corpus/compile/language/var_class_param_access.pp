class c ($p = 'param') {
  $local = 'loc'
}
include c
notify { 'n': message => "${c::p} ${c::local}" }
