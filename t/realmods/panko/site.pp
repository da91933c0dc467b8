# panko: its database, its Keystone endpoints and its main class
class { 'panko::db::mysql':
  password => 'dbsecret',
}
class { 'panko::keystone::auth':
  password => 'kssecret',
}
class { 'panko': }
