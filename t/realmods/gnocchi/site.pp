# gnocchi: its database, its Keystone endpoints and its main class
class { 'gnocchi::db::mysql':
  password => 'dbsecret',
}
class { 'gnocchi::keystone::auth':
  password => 'kssecret',
}
class { 'gnocchi': }
