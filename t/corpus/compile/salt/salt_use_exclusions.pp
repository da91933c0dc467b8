notify { 'x': }
notify { 'template':
  message   => 'shared',
  loglevel  => 'info',
  require   => Notify['x'],
  before    => Notify['x2'],
  onchanges => Notify['x'],
  order     => 5,
}
notify { 'x2': }
notify { 'user':
  use => Notify['template'],
}
