logrotate::rule { 'nginx':
  path         => '/var/log/nginx/*.log',
  rotate       => '14',
  rotate_every => 'day',
  compress     => true,
  postrotate   => 'systemctl reload nginx',
}
