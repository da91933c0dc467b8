class { 'ntp':
  servers => ['a.example.com', 'b.example.com'],
}
