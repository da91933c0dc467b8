class { 'openssl': }
openssl::certificate::x509 { 'web':
  country      => 'CH',
  organization => 'Example.com',
  commonname   => $facts['networking']['fqdn'],
  base_dir     => '/etc/ssl/web',
}
