unless $facts['kernel'] == 'Darwin' {
  1 + 1
  notify { 'b': }
}
