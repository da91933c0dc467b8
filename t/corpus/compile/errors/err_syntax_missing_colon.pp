notify { 'a'
  message => 'x',
}
