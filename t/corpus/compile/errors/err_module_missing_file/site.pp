notify { 'conf':
  message => file('ntp/nope.conf'),
}
