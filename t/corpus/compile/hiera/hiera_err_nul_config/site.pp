notify { 'x':
  message => lookup('ok'),
}
