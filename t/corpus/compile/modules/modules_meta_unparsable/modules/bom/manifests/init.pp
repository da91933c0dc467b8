class bom {
  notify { "bom": message => "bom is loaded" }
}
