node 'node1.example.com' {
  notify { 'a': }
  case $facts['kernel'] {
    'Linux': { 'linux' }
    default: { }
  }
}
