notify { 'long name':
  alias => 'short',
}
notify { 'b':
  require => Notify['short'],
}
