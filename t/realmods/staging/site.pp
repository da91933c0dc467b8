staging::file { 'app.tar.gz':
  source => 'https://example.com/app.tar.gz',
}
