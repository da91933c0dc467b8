define dt () {
  notify { "n_${title}": tag => 'inner' }
}
dt { 'x': tag => 'outer' }
