stage { 'pre':
  before => Stage['main'],
}
class early {
  notify { 'e': }
}
class { 'early':
  stage => 'pre',
}
notify { 'm': }
