class c($x = 1) {
  notify { 'a': }
  if $x == 1 {
    'one'
  }
}
include c
