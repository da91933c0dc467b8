notify { 'a': }
notify { 'b':
  require => Notify['a'],
}
