class { 'postgresql::globals':
  version => '15',
}
class { 'postgresql::server':
  listen_addresses => '*',
}
postgresql::server::db { 'appdb':
  user     => 'app',
  password => postgresql_password('app', 'secret'),
}
postgresql::server::pg_hba_rule { 'app network':
  type        => 'host',
  database    => 'appdb',
  user        => 'app',
  address     => '10.0.0.0/24',
  auth_method => 'md5',
}
