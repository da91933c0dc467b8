group { 'g':
  system => ['yes'],
}
