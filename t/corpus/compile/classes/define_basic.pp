define dt ($msg = 'default') {
  notify { "n_${title}":
    message => $msg,
  }
}
dt { 'x': }
dt { 'y': msg => 'given' }
