notify { 'a':
  require => [],
}
