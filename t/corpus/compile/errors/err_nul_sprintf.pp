notify { 'x':
  message => sprintf('a%cb', 0),
}
