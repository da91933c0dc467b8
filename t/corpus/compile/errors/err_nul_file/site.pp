notify { 'x':
  message => file('m/bin'),
}
