notify { 'a': }
notify { 'b': }
notify { 'c':
  require => Notify['a', 'b'],
}
