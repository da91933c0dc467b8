# nova: its database, its Keystone endpoints and its main class
class { 'nova::db::mysql':
  password => 'dbsecret',
}
class { 'nova::keystone::auth':
  password => 'kssecret',
}
class { 'nova': }
