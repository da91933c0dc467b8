[1, 2].each |$i| {
  ['a', 'b'].each |$j| {
    notify { "${i}${j}": }
  }
}
