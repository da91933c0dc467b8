function m::f($x) {
  $x
  $x + 1
}
