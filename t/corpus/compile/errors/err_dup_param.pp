notify { 'a':
  message => 'one',
  message => 'two',
}
