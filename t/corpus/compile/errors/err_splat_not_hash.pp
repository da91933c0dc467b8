notify { 'a':
  * => ['not', 'a', 'hash'],
}
