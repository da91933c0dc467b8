define dt ($name2 = $title) {
  notify { "n_${name2}": }
}
dt { 'x': }
dt { 'y': name2 => 'given' }
