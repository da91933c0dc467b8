class emptyarr {
  notify { "emptyarr": message => "emptyarr is loaded" }
}
