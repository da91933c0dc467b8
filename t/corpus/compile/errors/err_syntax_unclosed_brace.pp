notify { 'a':
  message => 'x',
