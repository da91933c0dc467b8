class { 'mongodb::server':
  bind_ip => ['127.0.0.1'],
}
mongodb::db { 'app':
  user     => 'app',
  password => 'secret',
}
