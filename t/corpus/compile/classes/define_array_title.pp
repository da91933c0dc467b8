define dt () {
  notify { "n_${title}": }
}
dt { ['a', 'b']: }
