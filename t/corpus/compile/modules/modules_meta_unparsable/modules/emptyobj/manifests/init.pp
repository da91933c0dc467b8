class emptyobj {
  notify { "emptyobj": message => "emptyobj is loaded" }
}
