notify { 'aliased':
  alias => 'short',
}
notify { 'x':
  require => Notify['short'],
}
Notify['short'] -> Notify['y']
notify { 'y': }
Notify['x'] -> Notify['short']
