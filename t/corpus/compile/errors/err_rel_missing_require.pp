notify { 'x':
  require => Notify['nope'],
}
