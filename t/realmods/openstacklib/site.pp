openstacklib::db::mysql { 'app':
  password      => 'secret',
  dbname        => 'app',
  user          => 'app',
  allowed_hosts => ['10.0.0.%'],
}
openstacklib::service_validation { 'app':
  command => '/usr/bin/true',
}
