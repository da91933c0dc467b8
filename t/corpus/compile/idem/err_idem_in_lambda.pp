[1, 2].each |$x| {
  $x
  notify { "n${x}": }
}
