class broken {
  notify { "broken": message => "broken is loaded" }
}
