notify { 'f':
  message => 1 < 2 == true,
}
