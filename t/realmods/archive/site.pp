archive { '/tmp/app.tar.gz':
  source       => 'https://example.com/app.tar.gz',
  extract      => true,
  extract_path => '/opt',
  creates      => '/opt/app',
  cleanup      => true,
}
