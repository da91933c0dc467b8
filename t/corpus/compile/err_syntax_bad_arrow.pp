notify { 'a':
  message = 'x',
}
