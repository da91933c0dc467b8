if $facts['kernel'] == 'Darwin' {
  notify { 'a': }
} else {
  'other'
  notify { 'b': }
}
