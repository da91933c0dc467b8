class { 'horizon':
  secret_key   => 'horizonsecret',
  allowed_hosts => ['horizon.example.com'],
}
