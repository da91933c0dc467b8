class { 'mcollective':
  middleware_hosts => ['broker.example.com'],
  client           => true,
}
