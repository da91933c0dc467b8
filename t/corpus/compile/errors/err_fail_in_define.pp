define d() {
  fail('boom')
}
notify { 'x': }
d { 'a': }
