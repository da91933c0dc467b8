class { 'xinetd': }
xinetd::service { 'rsync':
  port        => '873',
  server      => '/usr/bin/rsync',
  server_args => '--daemon --config /etc/rsyncd.conf',
}
