class a {
  notify { 'x': }
}
class b inherits a {
  Notify['x'] {
    nosuch => 1,
  }
}
include b
