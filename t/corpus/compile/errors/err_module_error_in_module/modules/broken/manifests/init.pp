class broken {
  notify { 'x': nosuchparam => 1 }
}
