Notify {
  nosuch => 1,
}
notify { 'x': }
