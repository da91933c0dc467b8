case $facts['kernel'] {
  'Linux': {
    notify { 'a': }
    [1]
    notify { 'b': }
  }
  default: { }
}
