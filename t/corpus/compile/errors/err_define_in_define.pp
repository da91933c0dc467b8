define inner() {
  fail('boom')
}
define outer() {
  inner { $title: }
}
outer { 'a': }
