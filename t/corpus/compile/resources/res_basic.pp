notify { 'a': }
notify { 'b':
  message => 'hello',
}
