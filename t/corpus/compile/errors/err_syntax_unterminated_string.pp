notify { 'a':
  message => "never closed,
}
