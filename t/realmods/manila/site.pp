# manila: its database, its Keystone endpoints and its main class
class { 'manila::db::mysql':
  password => 'dbsecret',
}
class { 'manila::keystone::auth':
  password => 'kssecret',
}
class { 'manila': }
