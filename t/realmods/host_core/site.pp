host { 'db.example.com':
  ip           => '10.0.0.10',
  host_aliases => ['db'],
}
