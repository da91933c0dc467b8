define d() {
  check3($title)
}
d { 'forbidden': }
