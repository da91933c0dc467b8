function f($a) {
  $a
}
notify { 'x':
  message => f(),
}
