class commented {
  notify { "commented": message => "commented is loaded" }
}
