notify { 'x': }
Notify['x'] {
  nosuch => 1,
}
