class { 'dns': }
dns::zone { 'example.com':
  soa => 'ns1.example.com',
}
