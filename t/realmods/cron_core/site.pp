cron { 'logrotate':
  command => '/usr/sbin/logrotate /etc/logrotate.conf',
  user    => 'root',
  hour    => 2,
  minute  => 0,
}
