class empty {
  notify { "empty": message => "empty is loaded" }
}
