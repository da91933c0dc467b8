class c {
  fail('boom')
}
define d() {
  include c
}
d { 'a': }
