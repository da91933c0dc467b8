# sahara: its database, its Keystone endpoints and its main class
class { 'sahara::db::mysql':
  password => 'dbsecret',
}
class { 'sahara::keystone::auth':
  password => 'kssecret',
}
class { 'sahara': }
