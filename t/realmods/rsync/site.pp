class { 'rsync::server': }
rsync::server::module { 'repo':
  path      => '/srv/repo',
  read_only => 'yes',
}
