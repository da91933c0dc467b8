notify { 'a':
  noop => true,
}
notify { 'b':
  noop => false,
}
