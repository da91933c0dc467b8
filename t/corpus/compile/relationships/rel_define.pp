define dt () {
  notify { "n_${title}": }
}
dt { 'x': }
notify { 'a':
  require => Dt['x'],
}
