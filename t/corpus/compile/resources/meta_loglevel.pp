notify { 'a':
  loglevel => 'debug',
}
