if $facts['kernel'] == 'Linux' {
  notify { 'a': }
  'linux'
  notify { 'b': }
}
