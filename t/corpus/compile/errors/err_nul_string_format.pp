notify { 'x':
  message => String(0, '%c'),
}
