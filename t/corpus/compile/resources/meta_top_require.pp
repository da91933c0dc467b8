define dt () {
  notify { "n_${title}": }
}
notify { 'a': }
dt { 'x':
  require => Notify['a'],
  noop    => true,
  loglevel => 'info',
}
