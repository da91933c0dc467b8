vcsrepo { '/srv/app':
  ensure   => present,
  provider => git,
  source   => 'https://example.com/app.git',
  revision => 'main',
}
