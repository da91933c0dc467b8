# cinder: its database, its Keystone endpoints and its main class
class { 'cinder::db::mysql':
  password => 'dbsecret',
}
class { 'cinder::keystone::auth':
  password => 'kssecret',
}
class { 'cinder': }
