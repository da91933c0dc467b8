notify { 'a':
  before => Notify['later'],
}
notify { 'later': }
