class inner {
  notify { 'i': }
}
define dt() {
  contain inner
}
dt { 'x': }
