class { 'apache':
  default_vhost => false,
  mpm_module    => 'prefork',
}
include apache::mod::php
apache::vhost { 'www.example.com':
  port    => 80,
  docroot => '/var/www/example',
}
apache::vhost { 'secure.example.com':
  port    => 443,
  docroot => '/var/www/secure',
  ssl     => true,
}
